//! Tests of the statistics path.

use super::*;
use crate::side::{Black, White};
use crate::types::Color;
use std::vec::Vec;

/// The positions of the test corpora.
fn positions() -> Vec<Board> {
    let corpora = [
        include_str!("../../../tests/data/perftsuite.epd"),
        include_str!("../../../tests/data/chess960-fischer.epd"),
        include_str!("../../../tests/data/perft-random.epd"),
        include_str!("../../../tests/data/python-chess-tricky.perft"),
    ];
    let mut boards: Vec<Board> = corpora
        .iter()
        .flat_map(|text| text.lines())
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split([';', ',']).next()?.split(' ').collect();
            Board::from_fen(&fields.get(..4)?.join(" ")).ok()
        })
        .collect();
    // Chess960, queen a8 beyond the castling rook b8: castling is carried over no move
    // that lets a slider x-ray the king's path through the rook (Qg2xa8 here).
    // And positions whose replying side castles with check: the rook lands on the file of
    // the other king (the set-wise count takes the castles at once only when it cannot).
    boards.extend(
        [
            "nrk1brnq/p2p1pp1/7p/bpp1p3/1P6/6P1/PKPPPPQP/NR1BBRN1 w kq - 0 10",
            "4k2r/8/8/8/8/8/8/5K2 w k - 0 1",
            "r3k3/8/8/8/8/8/8/3K4 w q - 0 1",
            "5k2/8/8/8/8/8/8/4K2R b K - 0 1",
            "3k4/8/8/8/8/8/8/R3K3 b Q - 0 1",
        ]
        .map(|fen| Board::from_fen(fen).expect("FEN")),
    );
    boards.sort_by_key(Board::hash);
    boards.dedup();
    boards
}

/// The set-wise leaf count agrees with playing and classifying every move, on every corpus
/// position and every position one move from them, made as `stats_side` makes them (mailbox
/// stale, castling carried over from the position before when it can be): thousands of
/// checks, mates, promotions, castles and en-passant captures.
#[test]
fn set_wise_leaf_statistics_agree_with_classifying_each_move() {
    /// Positions checked, and those whose castling rooks, king steps, and checkers and
    /// pins were carried over.
    #[derive(Default)]
    struct Counts {
        checked: usize,
        carried: usize,
        stepped: usize,
        pinned: usize,
        kept: usize,
        promoting_checks: usize,
        castling_checks: usize,
    }
    fn check<S: Side>(board: &Board, total: &mut Stats, counts: &mut Counts) {
        let carried = Carried::new::<S>(board);
        let mut pieces = PieceList::empty();
        for moves in pieces.fill::<S>(board).iter() {
            for_each_move(moves, |mv| {
                let child = board.play_unchecked(mv);
                let mut want = Stats::default();
                for reply in child.legal_moves() {
                    let stats = classify(&child, reply, &child.play_unchecked(reply));
                    counts.promoting_checks +=
                        usize::from(stats.promotions > 0 && stats.checks > 0);
                    counts.castling_checks += usize::from(stats.castles > 0 && stats.checks > 0);
                    want += stats;
                }
                let stale = leaf_parent::<S>(board, moves.role, mv);
                assert_eq!(leaf_stats::<S::Other>(&stale), want, "{child}");
                assert_eq!(leaf_stats::<S::Other>(&child), want, "{child}");
                let known = carried.after::<S>(board, moves.role, mv);
                let rooks = known.castles;
                let mut with_carried = Stats::default();
                add_leaf_stats::<S::Other>(&stale, known, &mut with_carried);
                counts.stepped += usize::from(known.attacked.is_some());
                counts.pinned += usize::from(known.checks.is_some());
                counts.kept += known.kept.map_or(0, |kept| kept.pieces.count() as usize);
                assert_eq!(with_carried, want, "{child}, castling carried from {board}");
                counts.carried += usize::from(rooks.is_some_and(|r| r.any()));
                *total += want;
                counts.checked += 1;
            });
        }
    }
    let (mut total, mut counts) = (Stats::default(), Counts::default());
    for board in &positions() {
        match board.side_to_move() {
            Color::White => check::<White>(board, &mut total, &mut counts),
            Color::Black => check::<Black>(board, &mut total, &mut counts),
        }
    }
    let Counts {
        checked,
        carried,
        stepped,
        pinned,
        kept,
        promoting_checks,
        castling_checks,
    } = counts;
    assert!(checked > 100_000, "{checked}");
    // Positions whose castling rooks were carried over, not tested again.
    assert!(carried > 1_000, "{carried}");
    // Positions whose king steps were carried over.
    assert!(stepped > 10_000, "{stepped}");
    // Positions whose checkers and pins were carried over.
    assert!(pinned > 10_000, "{pinned}");
    // Pieces whose counts were carried over.
    assert!(kept > 10_000, "{kept}");
    // Checking promotions (played, the others counted set-wise).
    assert!(promoting_checks > 1_000, "{promoting_checks}");
    // Checking castles (counted at once when the rook cannot check).
    assert!(castling_checks > 50, "{castling_checks}");
    // The corpus exercises every column.
    for (name, value) in total.fields() {
        assert!(value > 100, "{name}: {value}");
    }
}
