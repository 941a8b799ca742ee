; Sightline tags for TypeScript and TSX. Capture names are Sightline's own convention (see src/index/extract.ts):
;   @def.<kind> + @name            a definition (functions inside a class become methods in code)
;   @def.heritage                  a base class or implemented interface of the class captured with it
;   @call + @call.name [+ @call.receiver]   a call site; @call.new marks `new X()`
;   @import + @import.source + @import.name/@import.alias/@import.namespace/@import.default
;   @reexport + @reexport.source [+ @reexport.name/@reexport.alias]   `export … from`
;   @bind + @bind.name + @bind.type        a variable, parameter or field whose type the syntax tells

(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(function_signature name: (identifier) @name) @def.function
(method_definition name: [(property_identifier) (private_property_identifier) (string) (computed_property_name)] @name) @def.function
(method_signature name: (property_identifier) @name) @def.function
(abstract_method_signature name: (property_identifier) @name) @def.function
; `const f = () => …` is found with the declarators' function values (below, `@declarator`).
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(public_field_definition name: (property_identifier) @name) @def.field
(property_signature name: (property_identifier) @name) @def.field

; Function-like definitions that are not declarations (src/index/js-definitions.ts names them):
; an object literal holding functions is a namespace (`const api = { start() {} }` → api, api.start),
(variable_declarator name: (identifier) @name value: (object [(method_definition) (pair value: [(function_expression) (arrow_function) (generator_function)])])) @def.constant
(variable_declarator value: (object (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)]) @def.method))
(export_statement "default" @name value: (object [(method_definition) (pair value: [(function_expression) (arrow_function) (generator_function)])])) @def.constant
(export_statement value: (object (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)]) @def.method))
; Functions assigned to a member, one pattern classified in src/index/js-definitions.ts (assignedDefs): CommonJS
; exports are top-level functions (`module.exports = { f: function () {} }`, `module.exports.f = …`), prototype
; methods are methods of the constructor (`X.prototype.m = function` and `X.prototype = { m() {} }` → X.m), and a
; function stored on a named object or function is its member (`obj.p = function` → obj.p).
(assignment_expression left: (member_expression) right: [(function_expression) (arrow_function) (generator_function) (object)]) @assign

(class_declaration name: (type_identifier) @name) @def.class
(abstract_class_declaration name: (type_identifier) @name) @def.class
(class_declaration (class_heritage (extends_clause value: (_) @def.heritage))) @def.class
(abstract_class_declaration (class_heritage (extends_clause value: (_) @def.heritage))) @def.class
(class_declaration (class_heritage (implements_clause (_) @def.heritage))) @def.class
(abstract_class_declaration (class_heritage (implements_clause (_) @def.heritage))) @def.class
(interface_declaration name: (type_identifier) @name) @def.interface
(interface_declaration (extends_type_clause (_) @def.heritage)) @def.interface
(type_alias_declaration name: (type_identifier) @name) @def.type
(enum_declaration name: (identifier) @name) @def.enum
(internal_module name: [(identifier) (nested_identifier)] @name) @def.module
(module name: [(identifier) (nested_identifier)] @name) @def.module

; A function-valued field or constant is captured twice; extract.ts keeps the function (see DEF_PRIORITY).
(program (lexical_declaration "const" (variable_declarator name: (identifier) @name) @def.constant))
(program (export_statement (lexical_declaration "const" (variable_declarator name: (identifier) @name) @def.constant)))

(call_expression function: (identifier) @call.name) @call
; `super(…)`: the resolver links it to the base class constructor.
(call_expression function: (super) @call.name) @call
(call_expression function: (member_expression object: (_) @call.receiver property: [(property_identifier) (private_property_identifier)] @call.name)) @call
(new_expression constructor: (identifier) @call.name) @call.new
(new_expression constructor: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name)) @call.new

(import_statement (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_)? @import.alias))) source: (string (string_fragment) @import.source)) @import
(import_statement (import_clause (namespace_import (identifier) @import.namespace)) source: (string (string_fragment) @import.source)) @import
(import_statement (import_clause . (identifier) @import.default) source: (string (string_fragment) @import.source)) @import
; Every import statement, so side-effect imports count as file dependencies; extract.ts drops the duplicate.
(import_statement source: (string (string_fragment) @import.source)) @import
(variable_declarator name: (identifier) @import.namespace value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.source))) (#eq? @_req "require")) @import
(variable_declarator name: (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (_) @import.name value: (identifier) @import.alias)]) value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.source))) (#eq? @_req "require")) @import

(export_statement (export_clause (export_specifier name: (_) @reexport.name alias: (_)? @reexport.alias)) source: (string (string_fragment) @reexport.source)) @reexport
(export_statement !declaration !value "*" source: (string (string_fragment) @reexport.source)) @reexport
(export_statement (namespace_export (_) @reexport.alias) source: (string (string_fragment) @reexport.source)) @reexport

(variable_declarator name: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
(variable_declarator name: (identifier) @bind.name !type value: (new_expression constructor: (identifier) @bind.type)) @bind
(variable_declarator name: (identifier) @bind.name !type value: (await_expression (new_expression constructor: (identifier) @bind.type))) @bind
; `const it = xs[Symbol.iterator]()`: an Iterator (extract.ts names the type).
(variable_declarator name: (identifier) @bind.name !type value: (call_expression function: (subscript_expression index: (member_expression object: (identifier) @_s property: (property_identifier) @_i)) @bind.iterator) (#eq? @_s "Symbol") (#eq? @_i "iterator")) @bind
; `const s = make()`: the resolver looks up the callee's declared return type.
(variable_declarator name: (identifier) @bind.name !type value: (call_expression function: [(identifier) (member_expression)] @bind.returns)) @bind
(variable_declarator name: (identifier) @bind.name !type value: (await_expression (call_expression function: [(identifier) (member_expression)] @bind.returns))) @bind
(required_parameter pattern: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
(optional_parameter pattern: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
(public_field_definition name: (property_identifier) @bind.field type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
(public_field_definition name: (property_identifier) @bind.field !type value: (new_expression constructor: (identifier) @bind.type)) @bind
(public_field_definition name: (property_identifier) @bind.field !type value: (call_expression function: [(identifier) (member_expression)] @bind.returns)) @bind
(required_parameter (accessibility_modifier) pattern: (identifier) @bind.field type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
; `function (this: SchedulerAction<T>) { this.unsubscribe() }`: a declared `this` types the calls on it.
(required_parameter pattern: (this) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
(optional_parameter (accessibility_modifier) pattern: (identifier) @bind.field type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind
; An interface's property: `record.window.next()` with `record: WindowRecord` (`window: Subject<T>`).
(interface_body (property_signature name: (property_identifier) @bind.field type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type))) @bind
; `const observer = this._output`: the name holds what the path holds.
(variable_declarator name: (identifier) @bind.name !type value: [(identifier) (member_expression object: [(this) (identifier)] property: (property_identifier))] @bind.alias) @bind
; `const { a, b } = this` / `= record`: each name holds that property (`a` is `this.a`).
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @bind.name) value: [(this) (identifier) (member_expression)] @bind.destructures) @bind
; `constructor(readonly repo: Repo)` without an accessibility modifier is a parameter property too.
(required_parameter "readonly" pattern: (identifier) @bind.field type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type)) @bind

; `x: Foo | null` / `x?: Foo | undefined`: calls on x (after a check) go to Foo.
(variable_declarator name: (identifier) @bind.name type: (type_annotation (union_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type (literal_type [(null) (undefined)])))) @bind
(required_parameter pattern: (identifier) @bind.name type: (type_annotation (union_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type (literal_type [(null) (undefined)])))) @bind
(optional_parameter pattern: (identifier) @bind.name type: (type_annotation (union_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type (literal_type [(null) (undefined)])))) @bind
(public_field_definition name: (property_identifier) @bind.field type: (type_annotation (union_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.type (literal_type [(null) (undefined)])))) @bind

; Collections and their elements: `xs: Shape[]` then `for (const s of xs)` or `xs.map((s) => …)` types s as Shape.
(required_parameter pattern: (identifier) @bind.name type: (type_annotation [(array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements) (readonly_type (array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))])) @bind
(optional_parameter pattern: (identifier) @bind.name type: (type_annotation [(array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements) (readonly_type (array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))])) @bind
(variable_declarator name: (identifier) @bind.name type: (type_annotation [(array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements) (readonly_type (array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))])) @bind
(required_parameter pattern: (identifier) @bind.name type: (type_annotation (generic_type name: (type_identifier) @_arr type_arguments: (type_arguments . [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))) (#any-of? @_arr "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable")) @bind
(variable_declarator name: (identifier) @bind.name type: (type_annotation (generic_type name: (type_identifier) @_arr type_arguments: (type_arguments . [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))) (#any-of? @_arr "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable")) @bind
(public_field_definition name: (property_identifier) @bind.field type: (type_annotation [(array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements) (readonly_type (array_type [(type_identifier) (nested_type_identifier) (generic_type name: [(type_identifier) (nested_type_identifier)])] @bind.elements))])) @bind
(for_in_statement left: (identifier) @bind.name operator: "of" right: (identifier) @bind.iterates) @bind
(call_expression function: (member_expression object: (identifier) @bind.iterates property: (property_identifier) @_m) arguments: (arguments . [(arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @bind.name))) (arrow_function parameter: (identifier) @bind.name)]) (#any-of? @_m "map" "forEach" "filter" "some" "every" "find" "findIndex" "flatMap" "reduce")) @bind

; Function values (src/index/js-values.ts keeps the few that can matter): locals and assignments, object
; properties holding a function, returned values, arguments, `module.exports = f`.
; Only values that may hold a function already defined elsewhere (a function written in place is a symbol itself).
; One capture per value and no capture of the enclosing node (js-values.ts reads it for the few it keeps): most
; matches are dropped, and each capture costs a node built in JS.
; Every declarator of a name, one pattern classified in extract.ts by its value's type: a function written in place is a
; definition (`const f = () => …`), a value that may hold one is a value (`const f = api.start`, js-values.ts), the
; rest nothing. Two patterns with type alternations (3 and 8 kinds) cost the query engine more than the declarators
; whose value is neither.
(variable_declarator name: (identifier) @value.name value: (_) @value.ref) @declarator
(assignment_expression left: (identifier) @value.name right: [(identifier) (member_expression) (call_expression) (binary_expression) (ternary_expression) (subscript_expression) (await_expression) (parenthesized_expression)] @value.ref)
(variable_declarator name: (identifier) @value.holder value: (object (pair key: (property_identifier) @value.name value: [(identifier) (member_expression)] @value.ref)))
(return_statement [(identifier) (member_expression)] @value.return)
(return_statement (call_expression function: (member_expression property: (property_identifier) @_bind)) @value.return (#eq? @_bind "bind"))
(arguments [(identifier) (member_expression)] @value.arg)
(arguments (call_expression function: (member_expression property: (property_identifier) @_bind)) @value.arg (#eq? @_bind "bind"))
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_e) right: [(identifier) (member_expression)] @value.export (#eq? @_m "module") (#eq? @_e "exports"))
