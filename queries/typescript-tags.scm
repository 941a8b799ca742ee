; Sightline tags for TypeScript and TSX: what only the TypeScript grammar has (signatures, types, typed bindings); the
; patterns it shares with JavaScript are in ecmascript-tags.scm. Capture names are Sightline's own convention (see
; src/index/extract.ts):
;   @def.<kind> + @name            a definition (functions inside a class become methods in code)
;   @def.heritage                  a base class or implemented interface of the class captured with it
;   @call + @call.name [+ @call.receiver]   a call site; @call.new marks `new X()`
;   @import + @import.source + @import.name/@import.alias/@import.namespace/@import.default
;   @reexport + @reexport.source [+ @reexport.name/@reexport.alias]   `export … from`
;   @bind + @bind.name + @bind.type        a variable, parameter or field whose type the syntax tells

(function_signature name: (identifier) @name) @def.function
(method_signature name: (property_identifier) @name) @def.function
(abstract_method_signature name: (property_identifier) @name) @def.function
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(public_field_definition name: (property_identifier) @name) @def.field
(property_signature name: (property_identifier) @name) @def.field

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
