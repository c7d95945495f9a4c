//! Reads a big XML document (an Atom feed) with quick-xml 0.10.0, unescaping every text
//! node and attribute value.

use quick_xml::events::Event;
use quick_xml::reader::Reader;

#[test]
fn unescapes_big_xml_feed() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.xml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut reader = Reader::from_str(&text);
    let mut buf = Vec::new();
    let mut n = 0usize;
    loop {
        match reader.read_event(&mut buf) {
            Ok(Event::Start(ref e)) | Ok(Event::Empty(ref e)) => {
                for attr in e.attributes() {
                    if let Ok(attr) = attr {
                        n += attr.unescaped_value().map(|v| v.len()).unwrap_or(0);
                    }
                }
            }
            Ok(Event::Text(ref e)) => n += e.unescaped().map(|v| v.len()).unwrap_or(0),
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
        buf.clear();
    }
    std::hint::black_box(n);
}
