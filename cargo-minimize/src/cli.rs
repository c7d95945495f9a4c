//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

/// How strictly a candidate's failure must match the original's.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Match {
    /// Same compiler location and first query frame, and the same message once the
    /// paths, positions, numbers, DefIds, crate hashes, lifetimes and names of the
    /// user's code are taken out of it (default)
    Same,
    /// Same location, message and first query frame; only paths, positions and
    /// numbers are taken out of the message (names and module paths count)
    Exact,
    /// Same location only.
    Location,
    /// Any ICE / any failure of the test.
    Any,
}

/// Which tool's crash `--ice` reduces.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum ToolArg {
    /// rustc (a crate: `cargo check`, or `cargo build` with --build)
    Rustc,
    /// clippy-driver (a crate: `cargo clippy`)
    Clippy,
    /// rustdoc (a crate: `cargo doc --no-deps`)
    Rustdoc,
}

#[derive(Parser, Debug)]
#[command(
    name = "cargo minimize",
    bin_name = "cargo minimize",
    version,
    about = "Shrink a Rust bug reproduction: a file that crashes the compiler, a crate, a failing test's input, or any file with a script",
    long_about = None,
    after_help = concat!(
        "EXAMPLES:\n",
        "    cargo minimize --ice src/bug.rs                 shrink a file that crashes rustc\n",
        "    cargo minimize --ice src/bug.rs -- -Zvalidate-mir   with extra rustc flags\n",
        "    cargo minimize --ice lint.rs --tool clippy      shrink a file that crashes clippy\n",
        "    cargo minimize --miscompile prog.rs             shrink a program that -C opt-level=3 miscompiles\n",
        "    cargo minimize --ice                            shrink the crate in this directory\n",
        "    cargo minimize --test parses_big --input tests/fixtures/big.yaml\n",
        "    cargo minimize --test parses_big                shrink the crate's sources instead\n",
        "    cargo minimize --script ./check.sh input.bin    exit 0 from the script = still interesting\n",
        "    cargo minimize lsp                              start the language server on stdio\n",
        "\n",
        "The result goes next to the original as NAME_min.rs or NAME.min.EXT (or -o PATH); the original is never\n",
        "modified unless --in-place is given (a .orig backup is kept). The best result so far is\n",
        "on disk at every moment, so Ctrl-C loses nothing.\n",
        "\n",
        "SAME BUG: the original's failure signature is recorded first, and a candidate only counts\n",
        "if it fails the same way. For an ICE: the same compiler location (the panic's, or where a\n",
        "delayed bug was delayed), the same first query frame, and the same message once what your\n",
        "code puts into it is taken out: paths and line:column spans of your files, numbers,\n",
        "DefIds, crate hashes, lifetimes, the names your code defines (and paths containing them),\n",
        "and the compiler's bracketed dumps of your types. For a test: the panic location and\n",
        "message. --match exact also compares names and dumps; --match location or --match any\n",
        "loosen it; --script replaces it with your own check.\n",
        "\n",
        "MISCOMPILATIONS (--miscompile): a candidate counts only when both builds succeed, every run\n",
        "ends within --timeout, each build prints the same on two runs, and the outputs differ in the\n",
        "same lines as the original's (a non-zero exit status counts as a line). No candidate may bring\n",
        "in what the original did not have of: unsafe, extern, #[no_mangle], static mut, raw pointers,\n",
        "std::mem::transmute, MaybeUninit, inline assembly, nor reads of time, addresses ({:p}),\n",
        "randomness (HashMap order), the environment, files, processes or threads.\n",
        "\n",
        "RUSTC FLAGS after -- are taken as written: --edition and --crate-type there replace the\n",
        "defaults; -o and --out-dir are refused (output goes to each check's scratch directory).\n",
        "\n"
    )
)]
pub(crate) struct Args {
    /// Reduce a compiler crash: PATH is a .rs file, or omit it to reduce the crate
    #[arg(long, conflicts_with_all = ["test", "script"])]
    pub(crate) ice: bool,

    /// With --ice: the tool that crashes (clippy-driver / `cargo clippy`, rustdoc /
    /// `cargo doc`), run with the same edition, crate type and flags as rustc
    #[arg(long, value_enum, default_value_t = ToolArg::Rustc, requires = "ice")]
    pub(crate) tool: ToolArg,

    /// Reduce wrong code: PATH is a program (or omit it for the crate) whose output
    /// differs between -C opt-level=0 and -C opt-level=3 (a crate: the dev and release
    /// profiles), overflow checks and debug assertions off. See MISCOMPILATIONS below
    #[arg(long, conflicts_with_all = ["ice", "test", "script"])]
    pub(crate) miscompile: bool,

    /// With --miscompile on a file: the two builds' rustc flags, e.g. --compare
    /// "-C opt-level=0" "-C opt-level=1"
    #[arg(long, num_args = 2, value_names = ["FLAGS_A", "FLAGS_B"], allow_hyphen_values = true, requires = "miscompile")]
    pub(crate) compare: Vec<String>,

    /// Reduce the input of the failing test NAME (with --input), or without --input the crate's sources, while it keeps failing the same way
    #[arg(long, value_name = "NAME", conflicts_with = "script")]
    pub(crate) test: Option<String>,

    /// The input file the test reads (with --test)
    #[arg(long, value_name = "FILE", requires = "test")]
    pub(crate) input: Option<PathBuf>,

    /// Reduce PATH with a script: exit 0 means "still interesting"; the candidate's path is its last argument
    #[arg(long, value_name = "CMD")]
    pub(crate) script: Option<PathBuf>,

    /// The file to reduce (a .rs file for --ice, any file for --script)
    pub(crate) path: Option<PathBuf>,

    /// Extra rustc flags (for --ice on a file) or cargo arguments (for a crate), after `--`
    #[arg(last = true)]
    pub(crate) extra: Vec<String>,

    /// The crate to reduce or test (default: the one in the current directory)
    #[arg(long, value_name = "PATH")]
    pub(crate) manifest_path: Option<PathBuf>,

    /// Edition for a single file (default: the enclosing crate's, else 2021)
    #[arg(long)]
    pub(crate) edition: Option<String>,

    /// Crate type for a single file (default: bin when it has `fn main`, else lib)
    #[arg(long)]
    pub(crate) crate_type: Option<String>,

    /// For a crate: use `cargo build` instead of `cargo check` (crashes in code generation)
    #[arg(long)]
    pub(crate) build: bool,

    /// Where to write the result (default: NAME_min.rs or NAME.min.EXT next to the original; a directory for a crate)
    #[arg(short, long, value_name = "PATH")]
    pub(crate) output: Option<PathBuf>,

    /// Overwrite the original with the result (a NAME.orig backup is kept)
    #[arg(long, conflicts_with = "output")]
    pub(crate) in_place: bool,

    /// Parallel jobs (default: all cores); the result is the same for every value
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) jobs: Option<u32>,

    /// Time limit of one check, in seconds. Default: learned from the checks of the
    /// original, 10 times the slowest, at least 0.5 and at most 60 (with --hang: 60)
    #[arg(long, value_name = "SECS", value_parser = positive_seconds)]
    pub(crate) timeout: Option<f64>,

    /// Memory limit of a test's or a script's run, in MiB (0: none). Default: learned
    /// from the checks of the original, 16 times its peak, at least 256, and none when
    /// the original does not fail the same way under it
    #[arg(long, value_name = "MIB")]
    pub(crate) memory: Option<u64>,

    /// The bug is a hang: a check that exceeds --timeout is the interesting outcome
    #[arg(long)]
    pub(crate) hang: bool,

    /// With --ice: only try candidates that parse, for a result that parses, in fewer
    /// checks; by default every candidate is tried, since rustc recovers from many
    /// syntax errors and may crash the same way after one (the smallest result)
    #[arg(long)]
    pub(crate) keep_parsing: bool,

    /// Go on until the result is 1-minimal in the neighbourhood of
    /// tools/check_minimal.py: once the other passes stop, every matched pair, run of
    /// 1 to 8 tokens and single byte of a Rust file is tried deleted, and every token
    /// replaced by a shorter one, until none of them keeps the bug. Several times the
    /// checks of a default run (see README)
    #[arg(long)]
    pub(crate) exhaustive: bool,

    /// Check the original this many times before reducing (at least 2); any
    /// disagreement stops with exit code 5 (a flaky check). Raise it when the bug
    /// only shows some of the time
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..))]
    pub(crate) original_runs: u32,

    /// How strictly a candidate's failure must match the original's
    #[arg(long = "match", value_enum, default_value_t = Match::Same)]
    pub(crate) match_mode: Match,

    /// Print a one-line JSON summary on stdout at the end
    #[arg(long)]
    pub(crate) json: bool,

    /// Print every accepted improvement (its pass and the new size) on stderr
    #[arg(short, long)]
    pub(crate) verbose: bool,

    /// Print a Markdown bug report (code, rustc -vV, command, ICE message, and the output
    /// of one more check of the result) on stdout
    #[arg(long)]
    pub(crate) report: bool,

    /// Do not read or write the on-disk result cache
    #[arg(long)]
    pub(crate) no_cache: bool,

    /// Cache directory (default: $XDG_CACHE_HOME/cargo-minimize)
    #[arg(long, value_name = "DIR")]
    pub(crate) cache_dir: Option<PathBuf>,

    /// Do not run rustfmt on a Rust result
    #[arg(long)]
    pub(crate) no_format: bool,

    /// Comma-separated pass list (default: all, in the default order)
    #[arg(long, value_delimiter = ',')]
    pub(crate) passes: Vec<String>,

    /// Seed of the random choices
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

/// A time limit: a finite number of seconds above zero.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        Ok(_) => Err("must be a number of seconds above 0".into()),
        Err(e) => Err(e.to_string()),
    }
}
