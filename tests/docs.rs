//! The Markdown files link to what exists: every relative link in README.md, CHANGELOG.md,
//! python/README.md and docs/ names a file of the repository, and every `#anchor` a heading
//! of the file it points into (GitHub's rule: lower case, punctuation dropped, spaces as
//! hyphens).

use crate::common::project_file;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The Markdown files the links are checked in.
fn markdown_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "CHANGELOG.md", "python/README.md"]
        .iter()
        .map(|p| project_file(p))
        .collect();
    let docs = project_file("docs");
    let mut extra: Vec<PathBuf> = std::fs::read_dir(&docs)
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    extra.sort();
    files.extend(extra);
    files
}

/// The text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A heading's anchor as GitHub makes it.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(path: &Path) -> HashSet<String> {
    let text = prose(&std::fs::read_to_string(path).unwrap());
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = HashSet::new();
    for line in text.lines() {
        let Some(heading) = line.trim_start_matches('#').strip_prefix(' ') else {
            continue;
        };
        if !line.starts_with('#') {
            continue;
        }
        let base = slug(heading);
        let mut anchor = base.clone();
        let mut n = 0;
        while !seen.insert(anchor.clone()) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        out.insert(anchor);
    }
    out
}

/// The targets of the `[text](target)` links of `text`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            let target = &rest[..end];
            if !target.contains(char::is_whitespace) {
                out.push(target.to_owned());
            }
        }
    }
    out
}

#[test]
fn every_relative_link_and_anchor_in_the_markdown_exists() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = prose(&std::fs::read_to_string(&file).unwrap());
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            checked += 1;
            if !resolved.exists() {
                broken.push(format!("{}: {target} (no such file)", file.display()));
            } else if !anchor.is_empty()
                && resolved.extension().is_some_and(|x| x == "md")
                && !anchors(&resolved).contains(anchor)
            {
                broken.push(format!("{}: {target} (no such heading)", file.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 20, "only {checked} links found");
}

#[test]
fn the_link_check_sees_a_broken_link() {
    let dir = crate::common::TempDir::new("links");
    let page = dir.join("page.md");
    std::fs::write(&page, "# Title\n\n## Two words\n").unwrap();
    assert!(anchors(&page).contains("two-words") && anchors(&page).contains("title"));
    assert_eq!(slug("The `perft` command"), "the-perft-command");
    assert_eq!(
        slug("Many machines: distributed perft on Dask"),
        "many-machines-distributed-perft-on-dask"
    );
    assert_eq!(
        links("see [a](b.md#c) and [d](http://e) [f g](h i)"),
        ["b.md#c", "http://e"]
    );
    assert_eq!(prose("a\n```\n[x](y)\n```\nb\n"), "a\nb\n");
}

/// The shell blocks of the Markdown files: (file, line of the fence, info string, body).
fn shell_blocks() -> Vec<(PathBuf, usize, String, String)> {
    let mut out = Vec::new();
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut open: Option<(usize, String, String)> = None;
        for (n, line) in text.lines().enumerate() {
            match (&mut open, line.strip_prefix("```")) {
                (Some(_), Some(_)) => {
                    let (at, info, body) = open.take().unwrap();
                    if info == "sh" || info.starts_with("sh ") {
                        out.push((file.clone(), at, info, body));
                    }
                }
                (Some((_, _, body)), None) => {
                    body.push_str(line);
                    body.push('\n');
                }
                (None, Some(info)) => open = Some((n + 1, info.trim().to_owned(), String::new())),
                (None, None) => {}
            }
        }
    }
    out
}

#[test]
fn every_shell_block_runs_or_says_why_not() {
    // A block runs under `sh -e` in a scratch directory holding perft.csv, with this build's
    // perft first on PATH; one that cannot run here says why after `no-run:`.
    let perft = PathBuf::from(env!("CARGO_BIN_EXE_perft"));
    let dir = crate::common::TempDir::new("shell-blocks");
    std::fs::copy(project_file("perft.csv"), dir.join("perft.csv")).unwrap();
    let path = format!(
        "{}:{}",
        perft.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let stockfish = Path::new("/usr/games/stockfish").exists();
    let (mut ran, mut without_stockfish) = (0, 0);
    for (file, line, info, body) in shell_blocks() {
        let place = format!("{}:{line}", file.display());
        if let Some(why) = info.strip_prefix("sh no-run:") {
            assert!(
                why.trim().len() >= 10,
                "{place}: say why the block cannot run"
            );
            continue;
        }
        assert_eq!(
            info, "sh",
            "{place}: a shell block is `sh` or `sh no-run: REASON`"
        );
        if body.contains("/usr/games/stockfish") && !stockfish {
            assert!(
                std::env::var_os("CI").is_none(),
                "{place}: CI needs Stockfish"
            );
            without_stockfish += 1;
            continue;
        }
        let out = std::process::Command::new("sh")
            .args(["-e", "-c", &body])
            .current_dir(dir.join(""))
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{place} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    // Outside CI, a machine without Stockfish skips the blocks that diff against it.
    assert!(ran + without_stockfish >= 1, "no shell block ran");
}
