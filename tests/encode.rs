//! The neural-network encodings (`movegen::encode`) on the corpus: every legal move has an
//! index, distinct within its position, that maps back to the move; masks have as many entries
//! as there are legal moves; planes hold every piece once, from the documented point of view.

use crate::common;

use movegen::encode::{
    MOVE_INDICES, PLANES, Perspective, encode_planes, index_move, legal_move_mask, move_index,
};
use movegen::{Board, Color, Role, Square};
use std::collections::HashSet;

fn fen(text: &str) -> Board {
    text.parse().unwrap()
}

#[test]
fn every_legal_move_has_a_distinct_index_that_maps_back() {
    let mut mask = [false; MOVE_INDICES];
    let (mut moves, mut chess960) = (0usize, 0usize);
    for board in common::corpus() {
        let legal = board.legal_moves();
        let mut seen = HashSet::new();
        for mv in legal.iter().copied() {
            let index = move_index(&board, mv).unwrap_or_else(|| panic!("{board} {mv:?}"));
            assert!(index < MOVE_INDICES);
            assert!(seen.insert(index), "{board}: two moves share index {index}");
            assert_eq!(index_move(&board, index), Some(mv), "{board} {mv:?}");
            chess960 += usize::from(mv.is_castling() && board.is_chess960());
        }
        legal_move_mask(&board, &mut mask);
        assert_eq!(mask.iter().filter(|&&b| b).count(), legal.len(), "{board}");
        for (i, &set) in mask.iter().enumerate() {
            assert_eq!(set, seen.contains(&i), "{board} index {i}");
        }
        moves += legal.len();
    }
    println!("{moves} moves, {chess960} Chess960 castling moves");
    assert!(chess960 > 1_000);
}

#[test]
fn indices_follow_the_alphazero_layout() {
    let board = Board::startpos();
    let index = |b: &Board, uci: &str| move_index(b, b.parse_uci(uci).unwrap()).unwrap();
    assert_eq!(index(&board, "e2e4"), 12 * 73 + 1); // north, distance 2
    assert_eq!(index(&board, "e2e3"), 12 * 73);
    assert_eq!(index(&board, "g1f3"), 6 * 73 + 56 + 7); // knight (-1, +2)
    assert_eq!(index(&board, "b1c3"), 73 + 56); // knight (+1, +2)
    // Black's moves seen from Black's side: e7e5 is "e2e4".
    let black = board.play(board.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(index(&black, "e7e5"), 12 * 73 + 1);
    assert_eq!(index(&black, "g8f6"), 6 * 73 + 56 + 7);
    // Castling: the king onto its rook, east 3 (king side) or west 4 (queen side).
    let castles = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(index(&castles, "e1g1"), 4 * 73 + 2 * 7 + 2);
    assert_eq!(index(&castles, "e1c1"), 4 * 73 + 6 * 7 + 3);
    // Promotions: queen is queen-like, the others planes 64-72.
    let promote = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(index(&promote, "a7a8q"), 48 * 73);
    assert_eq!(index(&promote, "a7a8n"), 48 * 73 + 64 + 1);
    assert_eq!(index(&promote, "a7b8r"), 48 * 73 + 64 + 6 + 2);
    assert_eq!(index(&promote, "a7b8b"), 48 * 73 + 64 + 3 + 2);
    assert_eq!(index_move(&promote, MOVE_INDICES), None);
    assert_eq!(index_move(&promote, 0), None, "no piece of ours on a1");
    assert_eq!(
        index_move(&promote, 4 * 73 + 3),
        None,
        "Ke1-e5 is no legal move"
    );
}

#[test]
fn planes_from_each_point_of_view() {
    let mut planes = [0u8; PLANES * 64];
    // Black to move, e.p. on e3, White may castle king side only, clock 300 (capped).
    let board = fen("r3k2r/8/8/8/3pP3/8/8/4K2R b Kkq e3 300 1");
    encode_planes(&board, Perspective::SideToMove, &mut planes);
    let plane = |p: &[u8; PLANES * 64], i: usize| p[i * 64..(i + 1) * 64].to_vec();
    let at = |sq: Square, flip: bool| if flip { sq.index() ^ 56 } else { sq.index() };
    // Ours (Black's) pawn d4 appears on d5 after the flip; their pawn e4 on e5.
    assert_eq!(plane(&planes, 0)[at(Square::D4, true)], 1);
    assert_eq!(plane(&planes, 6)[at(Square::E4, true)], 1);
    assert_eq!(plane(&planes, 5)[at(Square::E8, true)], 1);
    assert!(plane(&planes, 12).iter().all(|&b| b == 0), "Black to move");
    assert!(plane(&planes, 13).iter().all(|&b| b == 1), "ours king side");
    assert!(
        plane(&planes, 14).iter().all(|&b| b == 1),
        "ours queen side"
    );
    assert!(
        plane(&planes, 15).iter().all(|&b| b == 1),
        "theirs king side"
    );
    assert!(
        plane(&planes, 16).iter().all(|&b| b == 0),
        "theirs queen side"
    );
    assert_eq!(
        plane(&planes, 17)
            .iter()
            .map(|&b| u32::from(b))
            .sum::<u32>(),
        1
    );
    assert_eq!(plane(&planes, 17)[at(Square::E3, true)], 1);
    assert!(plane(&planes, 18).iter().all(|&b| b == 255));

    encode_planes(&board, Perspective::White, &mut planes);
    assert_eq!(
        plane(&planes, 0)[at(Square::E4, false)],
        1,
        "White's pawn first"
    );
    assert_eq!(plane(&planes, 6)[at(Square::D4, false)], 1);
    assert!(
        plane(&planes, 13).iter().all(|&b| b == 1),
        "White king side"
    );
    assert!(
        plane(&planes, 14).iter().all(|&b| b == 0),
        "White queen side"
    );
    assert_eq!(plane(&planes, 17)[at(Square::E3, false)], 1);

    // Every piece of every corpus position is on exactly one piece plane.
    for board in common::corpus().iter().step_by(10) {
        encode_planes(board, Perspective::SideToMove, &mut planes);
        let us = board.side_to_move();
        for (i, (color, role)) in [us, us.other()]
            .into_iter()
            .flat_map(|c| Role::ALL.into_iter().map(move |r| (c, r)))
            .enumerate()
        {
            let flip = us == Color::Black;
            for sq in Square::ALL {
                let want = board
                    .piece_at(sq)
                    .is_some_and(|p| p.color == color && p.role == role);
                assert_eq!(planes[i * 64 + at(sq, flip)] == 1, want, "{board} {sq}");
            }
        }
    }
}
