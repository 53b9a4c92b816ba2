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
