//! Reads a big certificate revocation list (DER) with x509-parser 0.13.1 and lists it as a
//! report would: the issuer, the update times, then every revoked certificate's serial,
//! revocation date, reason and invalidity date, each date formatted as RFC 2822.

use x509_parser::prelude::*;

#[test]
fn lists_big_crl_entries() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.crl");
    let bytes = std::fs::read(path).unwrap_or_default();
    let crl = match parse_x509_crl(&bytes) {
        Ok((_, crl)) => crl,
        Err(_) => return,
    };
    let mut report = String::new();
    report += &crl.issuer().to_string();
    report += &crl.last_update().to_rfc2822();
    if let Some(next) = crl.next_update() {
        report += &next.to_rfc2822();
    }
    for revoked in crl.iter_revoked_certificates() {
        report += &revoked.raw_serial_as_string();
        report += &revoked.revocation_date.to_rfc2822();
        if let Some((_, reason)) = revoked.reason_code() {
            report += &format!("{:?}", reason);
        }
        if let Some((_, date)) = revoked.invalidity_date() {
            report += &date.to_rfc2822();
        }
    }
    std::hint::black_box(report);
}
