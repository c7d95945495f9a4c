//! Validates a big WebAssembly module (types, imports, a table, globals, exports, element
//! and data segments, and the code section's function bodies) with wasmparser 0.51.0,
//! multi-value enabled.

#[test]
fn validates_big_wasm_module() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.wasm");
    let bytes = std::fs::read(path).unwrap_or_default();
    let config = wasmparser::ValidatingParserConfig {
        operator_config: wasmparser::OperatorValidatorConfig {
            enable_threads: false,
            enable_reference_types: false,
            enable_simd: false,
            enable_bulk_memory: false,
            enable_multi_value: true,
        },
    };
    let result = wasmparser::validate(&bytes, Some(config));
    std::hint::black_box(result.is_ok());
}
