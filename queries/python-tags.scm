; Sightline tags for Python (capture convention: see queries/typescript-tags.scm).

(function_definition name: (identifier) @name) @def.function
(class_definition name: (identifier) @name) @def.class
(class_definition superclasses: (argument_list [(identifier) (attribute)] @def.heritage)) @def.class
(module (expression_statement (assignment left: (identifier) @name) @def.constant))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.field)))

(call function: (identifier) @call.name) @call
(call function: (attribute object: (_) @call.receiver attribute: (identifier) @call.name)) @call

(import_statement name: (dotted_name) @import.namespace) @import
(import_statement name: (aliased_import name: (dotted_name) @import.source alias: (identifier) @import.namespace)) @import
(import_from_statement module_name: (_) @import.source name: (dotted_name) @import.name) @import
(import_from_statement module_name: (_) @import.source name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.source (wildcard_import) @import.wildcard) @import

(assignment left: (identifier) @bind.name right: (call function: (identifier) @bind.type)) @bind
(assignment left: (identifier) @bind.name type: (type (identifier) @bind.type)) @bind
(typed_parameter (identifier) @bind.name type: (type (identifier) @bind.type)) @bind
(typed_default_parameter name: (identifier) @bind.name type: (type (identifier) @bind.type)) @bind
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field) right: (call function: (identifier) @bind.type) (#eq? @_self "self")) @bind
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field) type: (type (identifier) @bind.type) (#eq? @_self "self")) @bind

; Collections and their elements: `xs: list[Item]` then `for x in xs` types x as Item.
(typed_parameter (identifier) @bind.name type: (type (generic_type (identifier) @_c (type_parameter . (type (identifier) @bind.elements)))) (#any-of? @_c "list" "List" "Sequence" "Iterable" "set" "Set" "tuple" "frozenset")) @bind
(for_statement left: (identifier) @bind.name right: (identifier) @bind.iterates) @bind
