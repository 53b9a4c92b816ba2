//! Tests of perft's piece list against the generator.

use super::PieceList;
use crate::board::Board;
use crate::movegen::generate;
use crate::side::{Black, Side, White};
use crate::types::Color;

/// The pieces `generate` emits, in its order.
fn generated<S: Side>(board: &Board) -> Vec<crate::moves::PieceMoves> {
    let mut list = Vec::new();
    generate::<S>(board, &mut |moves| {
        list.push(moves);
        false
    });
    list
}

fn listed<S: Side>(board: &Board) -> Vec<crate::moves::PieceMoves> {
    let mut pieces = PieceList::empty();
    pieces.fill::<S>(board).iter().collect()
}

/// The list holds exactly what the generator emits (its unsafe reads stay within what
/// `fill` wrote), up to 16 pieces, and nothing for a side without moves.
#[test]
fn piece_list_holds_what_the_generator_emits() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // All sixteen white pieces can move.
        "8/8/k7/2RBQB2/2NRN3/8/PPPPPPPP/4K3 w - - 0 1",
        // Checkmated: no piece can move.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ];
    let mut sixteen = false;
    for fen in fens {
        let board: Board = fen.parse().expect("valid FEN");
        let (listed, generated) = match board.side_to_move() {
            Color::White => (listed::<White>(&board), generated::<White>(&board)),
            Color::Black => (listed::<Black>(&board), generated::<Black>(&board)),
        };
        assert_eq!(listed, generated, "{fen}");
        sixteen |= listed.len() == 16;
    }
    assert!(sixteen, "one position has sixteen pieces that can move");
}
