//! A warm start for per-worker cargo target directories. Each worker builds in its
//! own copy of the crate with its own target directory; built from scratch, every
//! worker would compile all dependencies again (half a minute for a crate with a
//! few dependencies). Instead, the first finished build's target directory, which
//! is the job's first check of the original, run alone before any worker starts,
//! becomes the seed: a new target directory starts as a copy of it, so cargo
//! reuses the compiled dependencies and rebuilds only the crate itself (its path
//! differs). Before any build has finished, the user's own target directory is
//! the seed, when it holds a build of the profile used: the dependencies the user
//! has already compiled are not compiled again (25 s → 0.8 s for the first test
//! build of the markdown-it case of `tools/bench_cvise.py`). The user's directory
//! is only read, under cargo's own lock, and skipped when a build holds that lock.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The most a copy of the user's build may take (bytes); a larger one is not copied
/// (each worker copies the first build in turn, so the scratch space is a few times
/// this).
const USER_SEED_LIMIT: u64 = 2 << 30;

/// The seed target directory, once a build has finished.
#[derive(Debug, Default)]
pub(crate) struct TargetSeed {
    seed: Mutex<Option<PathBuf>>,
    /// The user's target directory and the profile directory in it.
    user: Option<(PathBuf, String)>,
}

impl TargetSeed {
    /// A seed that starts from the user's build: `target` is the user's target
    /// directory, `args` the arguments the builds get (they name the profile).
    pub(crate) fn from_user(target: PathBuf, args: &[OsString]) -> TargetSeed {
        TargetSeed {
            seed: Mutex::default(),
            user: profile_dir(args).map(|profile| (target, profile)),
        }
    }

    /// Before a build into `target`: if `target` does not exist yet and a seed
    /// does, copy the seed there (the first finished build, else the user's
    /// build). A failed copy is removed, and the build then simply starts from
    /// scratch.
    pub(crate) fn prepare(&self, target: &Path) {
        if target.exists() {
            return;
        }
        let seed = self.seed.lock().expect("not poisoned").clone();
        let copied = match (seed, &self.user) {
            (Some(seed), _) => seed != target && copy_tree(&seed, target, false).is_ok(),
            (None, Some((user, profile))) => copy_user_build(user, profile, target).is_ok(),
            (None, None) => return,
        };
        if !copied {
            let _ = std::fs::remove_dir_all(target);
        }
    }

    /// After a build into `target` finished: the first one becomes the seed.
    pub(crate) fn offer(&self, target: &Path) {
        let mut seed = self.seed.lock().expect("not poisoned");
        if seed.is_none() && target.is_dir() {
            *seed = Some(target.to_path_buf());
        }
    }
}

/// The user's target directory for a crate whose workspace root is `tree`:
/// `$CARGO_TARGET_DIR`, else `tree/target`.
pub(crate) fn user_target_dir(tree: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => std::env::current_dir()
            .map(|cwd| cwd.join(&dir))
            .unwrap_or_else(|_| dir.into()),
        None => tree.join("target"),
    }
}

/// The directory of the target directory that a build with `args` writes:
/// `debug`, `release` or the custom profile's name; `None` with `--target` (the
/// profile directory is then under the target's triple; not worth guessing).
fn profile_dir(args: &[OsString]) -> Option<String> {
    let mut profile = "dev".to_string();
    let mut args = args.iter().map(|a| a.to_string_lossy());
    while let Some(a) = args.next() {
        match a.as_ref() {
            "--target" => return None,
            "--release" | "-r" => profile = "release".into(),
            "--profile" => profile = args.next()?.into_owned(),
            _ if a.starts_with("--target=") => return None,
            _ => {
                if let Some(p) = a.strip_prefix("--profile=") {
                    profile = p.to_string();
                }
            }
        }
    }
    Some(match profile.as_str() {
        "dev" | "test" => "debug".into(),
        "bench" => "release".into(),
        _ => profile,
    })
}

/// Copies `user/profile` (its incremental-compilation state left out) into
/// `target/profile`, holding cargo's lock on it (`.cargo-lock`) in shared mode so
/// that no build changes it meanwhile; an error when a build holds that lock, when
/// there is no such build, or when it is larger than [`USER_SEED_LIMIT`].
fn copy_user_build(user: &Path, profile: &str, target: &Path) -> std::io::Result<()> {
    let src = user.join(profile);
    let lock = std::fs::File::open(src.join(".cargo-lock"))?;
    lock.try_lock_shared().map_err(std::io::Error::other)?;
    if tree_size(&src)? > USER_SEED_LIMIT {
        return Err(std::io::Error::other(
            "the user's build is too large to copy",
        ));
    }
    copy_tree(&src, &target.join(profile), true)
}

/// The bytes of the files under `dir`, incremental-compilation state left out.
fn tree_size(dir: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let ty = entry.file_type()?;
        if ty.is_dir() {
            if entry.file_name() != "incremental" {
                total += tree_size(&entry.path())?;
            }
        } else if ty.is_file() {
            total += entry.metadata()?.len();
        }
    }
    Ok(total)
}

/// Copies a directory tree (files with their modification times, directories and
/// symbolic links); with `skip_incremental`, not the directories named
/// `incremental` (rustc's incremental state of the user's own crates, which the
/// copies rebuild anyway: their paths differ).
fn copy_tree(src: &Path, dest: &Path, skip_incremental: bool) -> std::io::Result<()> {
    crate::output::copy_tree(
        src,
        dest,
        &|name, dir| dir && skip_incremental && name == "incremental",
        &mut |from, to| {
            // Cargo compares modification times: without the originals, every
            // compiled dependency counts as stale and is rebuilt.
            std::fs::copy(from, to)?;
            let modified = std::fs::metadata(from)?.modified()?;
            std::fs::File::options()
                .write(true)
                .open(to)?
                .set_modified(modified)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_finished_build_seeds_later_ones() {
        let tmp = tempfile::tempdir().unwrap();
        let seed = TargetSeed::default();
        let a = tmp.path().join("a/target");
        seed.prepare(&a);
        assert!(!a.exists(), "nothing to copy yet");
        std::fs::create_dir_all(a.join("debug/deps")).unwrap();
        let rlib = a.join("debug/deps/libx.rlib");
        std::fs::write(&rlib, b"rlib").unwrap();
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        std::fs::File::options()
            .write(true)
            .open(&rlib)
            .unwrap()
            .set_modified(old)
            .unwrap();
        seed.offer(&a);
        let b = tmp.path().join("b/target");
        seed.prepare(&b);
        let copied = b.join("debug/deps/libx.rlib");
        assert_eq!(std::fs::read(&copied).unwrap(), b"rlib");
        assert_eq!(std::fs::metadata(&copied).unwrap().modified().unwrap(), old);
        // A later build does not replace the seed; an existing target is left alone.
        std::fs::write(b.join("debug/deps/liby.rlib"), b"y").unwrap();
        seed.offer(&b);
        let c = tmp.path().join("c/target");
        seed.prepare(&c);
        assert!(!c.join("debug/deps/liby.rlib").exists());
        seed.prepare(&b);
        assert!(b.join("debug/deps/liby.rlib").exists());
    }

    #[test]
    fn the_users_build_seeds_the_first_one_unless_cargo_holds_its_lock() {
        let tmp = tempfile::tempdir().unwrap();
        let user = tmp.path().join("user/target");
        std::fs::create_dir_all(user.join("debug/deps")).unwrap();
        std::fs::create_dir_all(user.join("debug/incremental/x")).unwrap();
        std::fs::write(user.join("debug/deps/libdep.rlib"), b"dep").unwrap();
        std::fs::write(user.join("debug/incremental/x/state"), b"state").unwrap();
        std::fs::write(user.join("debug/.cargo-lock"), b"").unwrap();
        std::fs::create_dir_all(user.join("release/deps")).unwrap();
        std::fs::write(user.join("release/.cargo-lock"), b"").unwrap();
        std::fs::write(user.join("release/deps/librel.rlib"), b"rel").unwrap();

        let seed = TargetSeed::from_user(user.clone(), &["--quiet".into()]);
        let a = tmp.path().join("a/target");
        seed.prepare(&a);
        assert_eq!(
            std::fs::read(a.join("debug/deps/libdep.rlib")).unwrap(),
            b"dep"
        );
        assert!(!a.join("debug/incremental").exists());
        assert!(!a.join("release").exists(), "only the profile used");

        // While a build holds cargo's lock, the user's build is not read.
        let held = std::fs::File::open(user.join("debug/.cargo-lock")).unwrap();
        held.lock().unwrap();
        let b = tmp.path().join("b/target");
        seed.prepare(&b);
        assert!(!b.exists());
        held.unlock().unwrap();

        // After a build finished, it is the seed, not the user's.
        std::fs::write(a.join("debug/deps/libown.rlib"), b"own").unwrap();
        seed.offer(&a);
        seed.prepare(&b);
        assert!(b.join("debug/deps/libown.rlib").exists());

        let release = TargetSeed::from_user(user.clone(), &["--release".into()]);
        let c = tmp.path().join("c/target");
        release.prepare(&c);
        assert!(c.join("release/deps/librel.rlib").exists());
        assert!(!c.join("debug").exists());
        // Nothing built yet for that profile: nothing copied.
        let bench = TargetSeed::from_user(user, &["--profile".into(), "custom".into()]);
        let d = tmp.path().join("d/target");
        bench.prepare(&d);
        assert!(!d.exists());
    }

    #[test]
    fn profile_directories() {
        let dir = |args: &[&str]| profile_dir(&args.iter().map(OsString::from).collect::<Vec<_>>());
        assert_eq!(dir(&[]).as_deref(), Some("debug"));
        assert_eq!(dir(&["--release"]).as_deref(), Some("release"));
        assert_eq!(dir(&["--profile", "test"]).as_deref(), Some("debug"));
        assert_eq!(dir(&["--profile=bench"]).as_deref(), Some("release"));
        assert_eq!(dir(&["--profile", "fast"]).as_deref(), Some("fast"));
        assert_eq!(dir(&["--target", "x86_64-unknown-linux-gnu"]), None);
        assert_eq!(dir(&["--target=wasm32-unknown-unknown"]), None);
    }
}
