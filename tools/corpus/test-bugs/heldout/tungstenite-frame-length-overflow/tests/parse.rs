//! Reads a big WebSocket frame stream (the client's side of a connection: masked text frames
//! of JSON-RPC requests, pings, pongs, fragmented binary uploads, a close frame) frame by
//! frame with tungstenite 0.5.3's `Frame::parse`.

use std::io::Cursor;
use tungstenite::protocol::frame::Frame;

#[test]
fn parses_big_websocket_frames() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ws");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut cursor = Cursor::new(bytes);
    let (mut frames, mut payload) = (0usize, 0usize);
    while let Ok(Some(mut frame)) = Frame::parse(&mut cursor) {
        frame.remove_mask();
        frames += 1;
        payload += frame.len();
    }
    std::hint::black_box((frames, payload));
}
