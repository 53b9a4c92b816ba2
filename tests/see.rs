//! Static exchange evaluation against a slow reference that plays each exchange out on the
//! board, recursively, under the same rules (least valuable attacker, x-rays through the
//! pieces taken off, pinned pieces out while their pinner stands, the king last and only onto
//! an undefended square, each side free to stop): every legal move of the corpus, `see` equal
//! and `see_ge` true exactly up to it.

use crate::common;

use common::corpus;
use movegen::{
    Bitboard, Board, Color, Move, MoveKind, Role, SEE_VALUES, Square, between, bishop_attacks,
    queen_attacks, rook_attacks,
};

fn value(role: Role) -> i32 {
    SEE_VALUES[role as usize]
}

/// Pieces alone between each king and an enemy slider that sees the king on an empty board
/// (the other such sliders not counting as blockers), and those sliders with a piece of the
/// king's side alone in between.
fn pins(board: &Board) -> [(Bitboard, Bitboard); 2] {
    Color::ALL.map(|color| {
        let king = board.king(color);
        let sees_king = |sq: Square| match board.role_at(sq) {
            Some(Role::Rook) => rook_attacks(king, Bitboard::EMPTY).contains(sq),
            Some(Role::Bishop) => bishop_attacks(king, Bitboard::EMPTY).contains(sq),
            Some(Role::Queen) => queen_attacks(king, Bitboard::EMPTY).contains(sq),
            _ => false,
        };
        let snipers: Bitboard = board
            .colored(color.other())
            .into_iter()
            .filter(|&sq| sees_king(sq))
            .collect();
        let (mut blockers, mut pinners) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for sniper in snipers {
            let in_between = between(king, sniper) & (board.occupied() - snipers);
            if in_between.count() == 1 {
                blockers |= in_between;
                if in_between.any_of(board.colored(color)) {
                    pinners = pinners.with(sniper);
                }
            }
        }
        (blockers, pinners)
    })
}

/// What `side` gains by going on with the exchange on `to`, where the piece `on_square` (of
/// the other side) now stands, with `occupied` the pieces still on the board: 0 when it stops.
fn play_out(
    board: &Board,
    pins: &[(Bitboard, Bitboard); 2],
    to: Square,
    side: Color,
    on_square: Role,
    occupied: Bitboard,
) -> i32 {
    let attacking =
        |color: Color| board.attackers_to(to, occupied) & occupied & board.colored(color);
    let mut ours = attacking(side);
    let (blockers, pinners) = pins[side.index()];
    if pinners.any_of(occupied) {
        ours -= blockers;
    }
    let least = Role::ALL.into_iter().find_map(|role| {
        (ours & board.colored_pieces(side, role))
            .first()
            .map(|sq| (role, sq))
    });
    let Some((role, sq)) = least else {
        return 0;
    };
    if role == Role::King && attacking(side.other()).any() {
        return 0;
    }
    let after = play_out(board, pins, to, side.other(), role, occupied.without(sq));
    (value(on_square) - after).max(0)
}

fn reference_see(board: &Board, mv: Move) -> i32 {
    if mv.kind() != MoveKind::Normal {
        return 0;
    }
    let us = board.side_to_move();
    let mover = board.role_at(mv.from()).unwrap();
    let victim = board.captured(mv).map_or(0, value);
    let occupied = board.occupied().without(mv.from()).without(mv.to());
    victim - play_out(board, &pins(board), mv.to(), us.other(), mover, occupied)
}

#[test]
fn see_agrees_with_the_exchanges_played_out() {
    let (mut moves, mut losing, mut winning) = (0, 0, 0);
    for board in corpus() {
        for mv in board.legal_moves() {
            let expected = reference_see(&board, mv);
            assert_eq!(board.see(mv), expected, "{board} {mv}");
            for t in [expected - 1, expected, expected + 1, 0, -1, 1] {
                assert_eq!(
                    board.see_ge(mv, t),
                    expected >= t,
                    "{board} {mv} threshold {t}"
                );
            }
            moves += 1;
            losing += usize::from(expected < 0);
            winning += usize::from(expected > 0);
        }
    }
    println!("{moves} moves: {losing} losing, {winning} winning");
    assert!(
        moves > 300_000 && losing > 10_000 && winning > 10_000,
        "{moves} {losing} {winning}"
    );
}
