//! The stdio transport: `Content-Length` framed JSON-RPC on stdin/stdout, as
//! `lsp_server::Connection::stdio`, except that a malformed message gets a
//! `ParseError` response and the server keeps going instead of losing its input.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread;

use crossbeam_channel::{bounded, unbounded};
use lsp_server::{Connection, Message};

/// The reader and writer threads.
pub(crate) struct IoThreads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<()>,
}

impl IoThreads {
    /// Waits for the writer to flush. The reader may be blocked on stdin; it is left
    /// to die with the process.
    pub(crate) fn join(self) {
        let _ = self.writer.join();
        drop(self.reader);
    }
}

/// Reads one framed message body; `Ok(None)` at the end of the input.
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut length = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        if let Some((name, value)) = l.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let mut body = vec![0; length.expect("checked")];
    input.read_exact(&mut body)?;
    Ok(Some(body))
}

fn write_raw(out: &Mutex<io::Stdout>, json: &str) {
    let mut out = out.lock().expect("not poisoned");
    let _ = write!(out, "Content-Length: {}\r\n\r\n{json}", json.len());
    let _ = out.flush();
}

/// A connection over stdin/stdout.
pub(crate) fn stdio() -> (Connection, IoThreads) {
    let stdout = Arc::new(Mutex::new(io::stdout()));
    let (writer_tx, writer_rx) = bounded::<Message>(0);
    let out = stdout.clone();
    let writer = thread::spawn(move || {
        for msg in writer_rx {
            let mut o = out.lock().expect("not poisoned");
            if msg.write(&mut *o).is_err() {
                break;
            }
        }
    });
    let (reader_tx, reader_rx) = unbounded::<Message>();
    let out = stdout;
    let reader = thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        while let Ok(Some(body)) = read_frame(&mut input) {
            match serde_json::from_slice::<Message>(&body) {
                Ok(msg) => {
                    let is_exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                    if reader_tx.send(msg).is_err() || is_exit {
                        break;
                    }
                }
                Err(e) => {
                    let err = serde_json::json!({
                        "jsonrpc": "2.0",
                        "id": null,
                        "error": { "code": -32700, "message": format!("parse error: {e}") },
                    });
                    write_raw(&out, &err.to_string());
                }
            }
        }
    });
    (
        Connection {
            sender: writer_tx,
            receiver: reader_rx,
        },
        IoThreads { reader, writer },
    )
}

#[cfg(test)]
mod tests {
    use super::read_frame;

    #[test]
    fn frames() {
        let mut input: &[u8] =
            b"Content-Length: 2\r\nContent-Type: x\r\n\r\n{}Content-Length: 3\r\n\r\n[1]";
        assert_eq!(read_frame(&mut input).unwrap().unwrap(), b"{}");
        assert_eq!(read_frame(&mut input).unwrap().unwrap(), b"[1]");
        assert!(read_frame(&mut input).unwrap().is_none());
    }
}
