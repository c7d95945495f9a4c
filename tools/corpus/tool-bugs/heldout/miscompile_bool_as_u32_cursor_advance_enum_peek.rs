// cmd: rustc --edition=2021
// miscompile: -C opt-level=0 | -C opt-level=3
// outputs: 90\n | 40\n
// source: https://github.com/rust-lang/rust/issues/158206
#[derive(Copy, Clone, Eq, PartialEq)]
enum Token {
    Open,
    Word,
    Close,
}

struct Tape {
    cells: [Token; 32],
}

struct Cursor(u32);

impl Cursor {
    fn current(&self, tape: &Tape) -> Token {
        tape.cells[(self.0 as usize) % 32]
    }

    fn is(&self, tape: &Tape, want: Token) -> bool {
        self.current(tape) == want
    }

    #[inline]
    fn eat(&mut self, tape: &Tape, want: Token) -> bool {
        let hit = self.is(tape, want);
        self.0 += hit as u32;
        hit
    }
}

#[inline(never)]
fn classify(tape: &Tape, mut cur: Cursor) -> usize {
    if !cur.eat(tape, Token::Open) {
        return 1;
    }
    match cur.current(tape) {
        Token::Open => 40,
        _ => 90,
    }
}

fn main() {
    let mut tape = Tape { cells: [Token::Word; 32] };
    tape.cells[5] = Token::Open;
    tape.cells[6] = Token::Close;
    println!("{}", classify(&tape, Cursor(5)));
}
