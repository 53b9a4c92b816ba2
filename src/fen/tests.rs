//! Tests of FEN parsing and writing.

#![allow(clippy::indexing_slicing)] // test data built here, in range by construction

use super::*;

/// Placement fields of the test corpora (valid and not), with many small edits of each.
fn placements() -> Vec<String> {
    let corpora = [
        include_str!("../../tests/data/perftsuite.epd"),
        include_str!("../../tests/data/chess960-fischer.epd"),
        include_str!("../../tests/data/perft-random.epd"),
        include_str!("../../tests/data/invalid-fens.txt"),
    ];
    let mut fields: Vec<String> = corpora
        .iter()
        .flat_map(|text| text.lines())
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| line.split(['\t', ' ', ';']))
        .filter(|field| field.contains('/'))
        .map(str::to_owned)
        .collect();
    fields.sort();
    fields.dedup();
    let alphabet = b"/0123456789pnbrqkPNBRQKxX ";
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut edits = Vec::new();
    for field in &fields {
        for _ in 0..8 {
            let mut bytes = field.clone().into_bytes();
            let at = next(bytes.len().max(1)).min(bytes.len().saturating_sub(1));
            let letter = alphabet[next(alphabet.len())];
            match next(4) {
                0 if !bytes.is_empty() => bytes[at] = letter,
                1 if !bytes.is_empty() => drop(bytes.remove(at)),
                2 => bytes.insert(at, letter),
                _ if bytes.len() > 1 => {
                    let len = bytes.len();
                    bytes.swap(at, (at + 1) % len);
                }
                _ => {}
            }
            edits.push(String::from_utf8_lossy(&bytes).into_owned());
        }
    }
    fields.extend(edits);
    fields.extend(
        [
            "",
            "/",
            "8/8/8/8/8/8/8/8/8",
            "88/8/8/8/8/8/8/8",
            "é7/8/8/8/8/8/8/8",
        ]
        .map(String::from),
    );
    fields
}

/// The table-driven fast path accepts exactly the placements the careful parser accepts,
/// and reads the same pieces (bitboards, mailbox, hash).
#[test]
fn fast_placement_agrees_with_the_careful_parser() {
    let (mut accepted, mut refused) = (0, 0);
    for placement in placements() {
        let mut slow = Board::empty();
        let careful = parse_placement_checked(&mut slow, &placement);
        let fast = placement_codes(placement.as_bytes());
        assert_eq!(
            fast.is_some(),
            careful.is_ok(),
            "{placement:?}: {careful:?}"
        );
        let Some(pieces) = fast else {
            refused += 1;
            continue;
        };
        let mut quick = Board::empty();
        quick.set_pieces(&pieces);
        assert!(quick == slow, "{placement:?}");
        for sq in Square::ALL {
            assert_eq!(quick.piece_at(sq), slow.piece_at(sq), "{placement:?} {sq}");
        }
        accepted += 1;
    }
    assert!(
        accepted > 5_000 && refused > 5_000,
        "{accepted} accepted, {refused} refused"
    );
}
