; Sightline tags for Rust (capture convention: see queries/typescript-tags.scm).
; @scope.impl names the type an impl block adds methods to; it is a container, not a symbol.

(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(type_item name: (type_identifier) @name) @def.type
(mod_item name: (identifier) @name) @def.module
(const_item name: (identifier) @name) @def.constant
(static_item name: (identifier) @name) @def.constant
(field_declaration_list (field_declaration name: (field_identifier) @name) @def.field)
(macro_definition name: (identifier) @name) @def.function

(impl_item type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (scoped_type_identifier name: (type_identifier) @name)]) @scope.impl
(impl_item trait: [(type_identifier) (generic_type type: (type_identifier)) (scoped_type_identifier name: (type_identifier))] @scope.trait type: (_)) @scope.impl

(call_expression function: (identifier) @call.name) @call
(call_expression function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name)) @call
(call_expression function: (scoped_identifier path: (_) @call.receiver name: (identifier) @call.name)) @call
(call_expression function: (generic_function function: (identifier) @call.name)) @call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @call.receiver name: (identifier) @call.name))) @call
(call_expression function: (generic_function function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name))) @call
(struct_expression name: (type_identifier) @call.name) @call.new
(macro_invocation macro: (identifier) @call.name) @call
; Macro arguments are token trees, not expressions: calls inside `println!(…)`, `format!(…)`, `vec![…]` are read
; from the token sequence. A name captured both bare and with a receiver is kept once (with the receiver).
(token_tree (identifier) @call.receiver . "." . (identifier) @call.name . (token_tree)) @call
(token_tree (identifier) @call.receiver . "::" . (identifier) @call.name . (token_tree)) @call
(token_tree (self) @call.receiver . "." . (identifier) @call.name . (token_tree)) @call
(token_tree (identifier) @call.name . "!" . (token_tree)) @call
(token_tree (identifier) @call.name . (token_tree)) @call

(use_declaration argument: (_) @import.rust) @import

(let_declaration pattern: (identifier) @bind.name type: [(type_identifier) @bind.type (generic_type type: (type_identifier) @bind.type) (reference_type type: (type_identifier) @bind.type)]) @bind
; `let s = Store::new()` / `let s = build()`: the resolver reads the callee's declared return type (`-> Self` included).
(let_declaration pattern: (identifier) @bind.name !type value: (call_expression function: [(identifier) (scoped_identifier) (field_expression)] @bind.returns)) @bind
(let_declaration pattern: (identifier) @bind.name !type value: (struct_expression name: (type_identifier) @bind.type)) @bind
(parameter pattern: (identifier) @bind.name type: [(type_identifier) @bind.type (reference_type type: (type_identifier) @bind.type)]) @bind
(parameter pattern: (identifier) @bind.name type: [(generic_type type: (type_identifier) @bind.type) (reference_type type: (generic_type type: (type_identifier) @bind.type))] (#not-any-of? @bind.type "Box" "Rc" "Arc" "Option")) @bind
; Smart pointers deref to what they hold: `q: Box<Queue>`, `Rc<Queue>`, `&Arc<Queue>` call Queue's methods.
(parameter pattern: (identifier) @bind.name type: [(generic_type type: (type_identifier) @_ptr type_arguments: (type_arguments . [(type_identifier) @bind.type (generic_type type: (type_identifier) @bind.type)])) (reference_type type: (generic_type type: (type_identifier) @_ptr type_arguments: (type_arguments . [(type_identifier) @bind.type (generic_type type: (type_identifier) @bind.type)])))] (#any-of? @_ptr "Box" "Rc" "Arc")) @bind
(field_declaration name: (field_identifier) @bind.field type: (generic_type type: (type_identifier) @_ptr type_arguments: (type_arguments . (type_identifier) @bind.type)) (#any-of? @_ptr "Box" "Rc" "Arc")) @bind
; `q: Option<&Queue>` holds at most one Queue: `if let Some(q) = q` / `while let Some(x) = it` take it out.
(parameter pattern: (identifier) @bind.name type: (generic_type type: (type_identifier) @_opt type_arguments: (type_arguments . [(type_identifier) @bind.elements (reference_type type: (type_identifier) @bind.elements)])) (#eq? @_opt "Option")) @bind
(let_condition pattern: (tuple_struct_pattern type: (identifier) @_some . (identifier) @bind.name .) value: [(identifier) @bind.iterates (reference_expression value: (identifier) @bind.iterates)] (#eq? @_some "Some")) @bind
; Values: `let f = helper; f()`, `let g = Queue::pop;`.
(let_declaration pattern: (identifier) @bind.name !type value: [(identifier) (scoped_identifier)] @bind.alias) @bind
; `&dyn Shape`, `Box<dyn Shape>`: calls go through the trait.
(parameter pattern: (identifier) @bind.name type: [(dynamic_type trait: (type_identifier) @bind.type) (reference_type type: (dynamic_type trait: (type_identifier) @bind.type))]) @bind
(parameter pattern: (identifier) @bind.name type: (generic_type type: (type_identifier) @_ptr type_arguments: (type_arguments . (dynamic_type trait: (type_identifier) @bind.type))) (#any-of? @_ptr "Box" "Rc" "Arc")) @bind
(let_declaration pattern: (identifier) @bind.name type: [(dynamic_type trait: (type_identifier) @bind.type) (reference_type type: (dynamic_type trait: (type_identifier) @bind.type))]) @bind
(let_declaration pattern: (identifier) @bind.name type: (generic_type type: (type_identifier) @_ptr type_arguments: (type_arguments . (dynamic_type trait: (type_identifier) @bind.type))) (#any-of? @_ptr "Box" "Rc" "Arc")) @bind
(field_declaration name: (field_identifier) @bind.field type: [(type_identifier) @bind.type (generic_type type: (type_identifier) @bind.type)] (#not-any-of? @bind.type "Box" "Rc" "Arc")) @bind

; Collections and their elements: `items: &[Foo]` / `Vec<Foo>` then `for i in items` types i as Foo.
(parameter pattern: (identifier) @bind.name type: [(reference_type type: (array_type element: (type_identifier) @bind.elements)) (array_type element: (type_identifier) @bind.elements)]) @bind
(parameter pattern: (identifier) @bind.name type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (type_identifier) @bind.elements)) (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (type_identifier) @bind.elements)))] (#any-of? @_c "Vec" "VecDeque" "HashSet" "BTreeSet")) @bind
(for_expression pattern: (identifier) @bind.name value: [(identifier) @bind.iterates (reference_expression value: (identifier) @bind.iterates)]) @bind

; Dispatch through trait bounds: `s: impl Shape` / `&impl Shape` is a Shape; `<T: Shape>` and `where T: Shape` bind the
; type parameter to its (first) bound, and extraction rewrites bindings typed `T` in the same scope (src/index/type-bounds.ts).
(parameter pattern: (identifier) @bind.name type: [(abstract_type trait: [(type_identifier) (generic_type)] @bind.type) (reference_type type: (abstract_type trait: [(type_identifier) (generic_type)] @bind.type))]) @bind
(type_parameter name: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (generic_type)] @bind.type)) @bind @bind.bound
(where_predicate left: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (generic_type)] @bind.type)) @bind @bind.bound
