; Sightline tags for Python (capture convention: see queries/typescript-tags.scm). A call or binding pattern whose node
; starts where its name does leaves out the whole-node `@call` / `@bind` (src/index/extract.ts places it at `@call.name`
; / `@bind.name`): every call and most bindings of a file match, and a capture is a `Node` built in JS per match.

(function_definition name: (identifier) @name) @def.function
(class_definition name: (identifier) @name) @def.class
(class_definition superclasses: (argument_list [(identifier) (attribute)] @def.heritage)) @def.class
(module (expression_statement (assignment left: (identifier) @name) @def.constant))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.field)))

(call function: (identifier) @call.name)
(call function: (attribute object: (_) @call.receiver attribute: (identifier) @call.name))
; `@dec` over a definition calls dec with the function (`@dec(…)` is already a call above).
(decorator [(identifier) @call.name (attribute object: (_) @call.receiver attribute: (identifier) @call.name)]) @call.decorator
; `handlers["save"](x)`: calls a value the collection holds.
(call function: (subscript value: (identifier) @call.name) @call.element) @call

(import_statement name: (dotted_name) @import.namespace) @import
(import_statement name: (aliased_import name: (dotted_name) @import.source alias: (identifier) @import.namespace)) @import
(import_from_statement module_name: (_) @import.source name: (dotted_name) @import.name) @import
(import_from_statement module_name: (_) @import.source name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.source (wildcard_import) @import.wildcard) @import

(assignment left: (identifier) @bind.name right: (call function: (identifier) @bind.type))
(assignment left: (identifier) @bind.name type: (type (identifier) @bind.type))
; `m = re.match(…)`, `r = self.make()`: the callee's declared result (outside the workspace: never guessed).
(assignment left: (identifier) @bind.name right: (call function: (attribute) @bind.returns))
(typed_parameter (identifier) @bind.name type: (type (identifier) @bind.type))
(typed_default_parameter name: (identifier) @bind.name type: (type (identifier) @bind.type))
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field) right: (call function: (identifier) @bind.type) (#eq? @_self "self")) @bind
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field) type: (type (identifier) @bind.type) (#eq? @_self "self")) @bind

; Values: `a = func`, `f = obj.method`, `a = self` (aliases), dict and list literals of functions, `return f`.
(assignment left: (identifier) @bind.name right: [(identifier) (attribute)] @bind.alias)
(assignment left: (identifier) @bind.name right: (dictionary (pair value: [(identifier) (attribute)] @bind.aliases)))
(assignment left: (identifier) @bind.name right: [(list [(identifier) (attribute)] @bind.aliases) (tuple [(identifier) (attribute)] @bind.aliases)])
(return_statement [(identifier) (attribute)] @bind.alias) @bind @bind.return
; Untyped parameters are bound in src/index/python-parameters.ts, from each definition's text and only for the names the
; linker can ask about: a pattern matched every parameter of a file.

; Collections and their elements: `xs: list[Item]` then `for x in xs` types x as Item.
(typed_parameter (identifier) @bind.name type: (type (generic_type (identifier) @_c (type_parameter . (type (identifier) @bind.elements)))) (#any-of? @_c "list" "List" "Sequence" "Iterable" "set" "Set" "tuple" "frozenset")) @bind
(for_statement left: (identifier) @bind.name right: (identifier) @bind.iterates) @bind

; Functions handed to calls (src/index/python-values.ts): `run(f)`, `run(obj.m)`, `run(partial(f, 1))`, `run(cb=f)`, read
; from each call's text there (a pattern matched every argument of a file); here, the definition under its innermost
; decorator (`@dec def f`: dec(f)).
(decorated_definition (decorator) @value.decorator . definition: (function_definition name: (identifier) @value.ref))
