; JSX element use is a call of the component (appended to the TSX and JavaScript queries; TypeScript has no JSX).
; `<Button …/>`, `<Button>…</Button>` and `<ui.Button>`: intrinsic elements (`<div>`, lowercase) are not calls.

(jsx_self_closing_element name: (identifier) @call.name (#match? @call.name "^[A-Z]")) @call
(jsx_opening_element name: (identifier) @call.name (#match? @call.name "^[A-Z]")) @call
(jsx_self_closing_element name: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name)) @call
(jsx_opening_element name: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name)) @call
