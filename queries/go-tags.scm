; Sightline tags for Go (capture convention: see queries/typescript-tags.scm).
; @def.container names the receiver type of a method; @def.receiver its receiver variable.

(package_clause (package_identifier) @package)

(function_declaration name: (identifier) @name) @def.function
(method_declaration receiver: (parameter_list (parameter_declaration name: (identifier)? @def.receiver type: [(type_identifier) @def.container (pointer_type (type_identifier) @def.container) (generic_type type: (type_identifier) @def.container) (pointer_type (generic_type type: (type_identifier) @def.container))])) name: (field_identifier) @name) @def.method
(type_declaration (type_spec name: (type_identifier) @name type: (struct_type)) @def.struct)
; An embedded field promotes its type's methods: it is a base for member lookup.
(type_declaration (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list (field_declaration !name type: [(type_identifier) @def.heritage (pointer_type (type_identifier) @def.heritage) (qualified_type) @def.heritage (pointer_type (qualified_type) @def.heritage)])))) @def.struct)
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type (type_elem [(type_identifier) (qualified_type)] @def.heritage))) @def.interface)
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type)) @def.interface)
(type_declaration (type_spec name: (type_identifier) @name type: [(type_identifier) (qualified_type) (pointer_type) (function_type) (map_type) (slice_type) (array_type) (channel_type) (generic_type)]) @def.type)
(type_declaration (type_alias name: (type_identifier) @name) @def.type)
(interface_type (method_elem name: (field_identifier) @name) @def.method)
(struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @def.field))
(source_file (const_declaration (const_spec name: (identifier) @name) @def.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @def.constant))

(call_expression function: (identifier) @call.name) @call
(call_expression function: (selector_expression operand: (_) @call.receiver field: (field_identifier) @call.name)) @call
(composite_literal type: (type_identifier) @call.name) @call.new
(composite_literal type: (qualified_type package: (package_identifier) @call.receiver name: (type_identifier) @call.name)) @call.new
(composite_literal type: (generic_type type: (type_identifier) @call.name)) @call.new
(composite_literal type: (generic_type type: (qualified_type package: (package_identifier) @call.receiver name: (type_identifier) @call.name))) @call.new

(import_spec name: (_)? @import.namespace path: (interpreted_string_literal) @import.source) @import

; Parameters, receivers and named results: `w io.Writer`, `s *Store`, `l *List[T]` (a generic type is its base type).
(parameter_declaration name: (identifier) @bind.name type: [(type_identifier) @bind.type (qualified_type) @bind.type (generic_type) @bind.type (pointer_type [(type_identifier) (qualified_type) (generic_type)] @bind.type)]) @bind
(var_spec name: (identifier) @bind.name type: [(type_identifier) @bind.type (qualified_type) @bind.type (generic_type) @bind.type (pointer_type [(type_identifier) (qualified_type) (generic_type)] @bind.type)]) @bind
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @bind.type) (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @bind.type))])) @bind
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @bind.returns)) (#not-eq? @bind.returns "new")) @bind
; `n, err := w.Write(p)`: err holds the second result (typed from the callee's declared results, often `error`).
(short_var_declaration left: (expression_list . (identifier) . (identifier) @bind.name) right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @bind.returns.second) .)) @bind
; Package-level and local `var x = T{…}` / `= &T{…}` / `= NewT()`: `DefaultSocket.Send()` anywhere in the package.
(var_spec name: (identifier) @bind.name !type value: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @bind.type) (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @bind.type))])) @bind
(var_spec name: (identifier) @bind.name !type value: (expression_list . (call_expression function: [(identifier) (selector_expression)] @bind.returns)) (#not-eq? @bind.returns "new")) @bind
; Values: `h := handler`, `var h = s.Handle`, `return inner`; a parameter of function type shadows a package function.
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . [(identifier) (selector_expression)] @bind.alias .)) @bind
(var_spec name: (identifier) @bind.name !type value: (expression_list . [(identifier) (selector_expression)] @bind.alias .)) @bind
(return_statement (expression_list . [(identifier) (selector_expression)] @bind.alias .)) @bind @bind.return
(parameter_declaration name: (identifier) @bind.name type: (function_type) @bind.param) @bind
; Struct fields (`w io.Writer`, `next *Node`): `s.w.Write()` goes through the field's type.
(field_declaration name: (field_identifier) @bind.field type: [(type_identifier) @bind.type (qualified_type) @bind.type (generic_type) @bind.type (pointer_type [(type_identifier) (qualified_type) (generic_type)] @bind.type)]) @bind

; Collections and their elements: `shapes []Shape` then `for _, s := range shapes` types s as Shape.
(parameter_declaration name: (identifier) @bind.name type: (slice_type element: [(type_identifier) (qualified_type) (pointer_type (type_identifier))] @bind.elements)) @bind
(var_spec name: (identifier) @bind.name type: (slice_type element: [(type_identifier) (qualified_type) (pointer_type (type_identifier))] @bind.elements)) @bind
(for_statement (range_clause left: (expression_list (_) . (identifier) @bind.name) right: (identifier) @bind.iterates)) @bind
; `hs := []Handler{…}` then `for _, h := range hs`: h is a Handler (calls on it dispatch through the interface).
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . (composite_literal type: (slice_type element: [(type_identifier) (qualified_type)] @bind.elements)))) @bind
; `func F[T Shape](x T)`: x is a Shape as far as calls go (extraction rewrites bindings typed T, src/index/type-bounds.ts).
(type_parameter_declaration name: (identifier) @bind.name type: (type_constraint . [(type_identifier) (qualified_type)] @bind.type)) @bind @bind.bound
; `x := new(T)`, `var x = new(pkg.T)`: a pointer to a T.
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . (call_expression function: (identifier) @_new arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type)] @bind.type .))) (#eq? @_new "new")) @bind
(var_spec name: (identifier) @bind.name !type value: (expression_list . (call_expression function: (identifier) @_new arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type)] @bind.type .))) (#eq? @_new "new")) @bind
; Type assertions: `v := x.(T)`, `sw, ok := w.(io.StringWriter)`, `var p = x.(*T)`.
(short_var_declaration left: (expression_list . (identifier) @bind.name) right: (expression_list . (type_assertion_expression type: [(type_identifier) @bind.type (qualified_type) @bind.type (generic_type) @bind.type (pointer_type [(type_identifier) (qualified_type) (generic_type)] @bind.type)]))) @bind
(var_spec name: (identifier) @bind.name !type value: (expression_list . (type_assertion_expression type: [(type_identifier) @bind.type (qualified_type) @bind.type (generic_type) @bind.type (pointer_type [(type_identifier) (qualified_type) (generic_type)] @bind.type)]))) @bind
; Variadic parameters hold a slice: `func F(hs ...Handler)` then `for _, h := range hs`.
(variadic_parameter_declaration name: (identifier) @bind.name type: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements) @bind
; Slice and map fields, map parameters and variables hold elements: `s.items[i].M()`, `for _, v := range s.byName`.
(field_declaration name: (field_identifier) @bind.field type: [(slice_type element: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements) (array_type element: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements) (map_type value: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements)]) @bind
(parameter_declaration name: (identifier) @bind.name type: (map_type value: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements)) @bind
(var_spec name: (identifier) @bind.name type: (map_type value: [(type_identifier) (qualified_type) (generic_type) (pointer_type [(type_identifier) (qualified_type) (generic_type)])] @bind.elements)) @bind
(for_statement (range_clause left: (expression_list (_) . (identifier) @bind.name) right: (selector_expression) @bind.iterates)) @bind
