; Sightline tags for JavaScript and JSX: what only the JavaScript grammar has (fields, classes, `new` bindings).
; The patterns it shares with TypeScript are in ecmascript-tags.scm; capture convention: see queries/typescript-tags.scm.

(field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(field_definition property: (property_identifier) @name) @def.field

(class_declaration name: (identifier) @name) @def.class
(class_declaration (class_heritage (_) @def.heritage)) @def.class

(variable_declarator name: (identifier) @bind.name value: (new_expression constructor: (identifier) @bind.type)) @bind
(variable_declarator name: (identifier) @bind.name value: (await_expression (new_expression constructor: (identifier) @bind.type))) @bind
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @bind.field) right: (new_expression constructor: (identifier) @bind.type)) @bind
