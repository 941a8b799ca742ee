; Sightline tags shared by JavaScript, TypeScript and TSX: the patterns whose node types the grammars share. Each
; language's own file (javascript-tags.scm, typescript-tags.scm) comes after this one in the query
; (src/index/grammars.ts, queryFiles); capture names follow the convention in queries/typescript-tags.scm.

(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(method_definition name: [(property_identifier) (private_property_identifier) (string) (computed_property_name)] @name) @def.function
; `const f = () => …` is found with the declarators' function values (below, `@declarator`).

; Function-like definitions that are not declarations (src/index/js-definitions.ts names them):
; an object literal holding functions is a namespace (`const api = { start() {} }` → api, api.start),
(variable_declarator name: (identifier) @name value: (object [(method_definition) (pair value: [(function_expression) (arrow_function) (generator_function)])])) @def.constant
(variable_declarator value: (object (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)]) @def.method))
(export_statement "default" @name value: (object [(method_definition) (pair value: [(function_expression) (arrow_function) (generator_function)])])) @def.constant
(export_statement value: (object (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)]) @def.method))
; Functions assigned to a member, one pattern classified in src/index/js-definitions.ts (assignedDefs): CommonJS
; exports are top-level functions (`module.exports = { f: function () {} }`, `module.exports.f = …`,
; `exports.f = …`), prototype methods are methods of the constructor (`X.prototype.m = function` and
; `X.prototype = { m() {} }` → X.m), and a function stored on a named object or function is its member
; (`obj.p = function` → obj.p).
(assignment_expression left: (member_expression) right: [(function_expression) (arrow_function) (generator_function) (object)]) @assign

; A function-valued constant is captured twice; extract.ts keeps the function (see DEF_PRIORITY).
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
