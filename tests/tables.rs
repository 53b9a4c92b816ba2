//! Every table lookup of the library against the ray-walk geometry of `gen/` (the code the build
//! script generated the tables from, and the oracle here): every blocker subset of every square
//! for the sliders of whichever backend this build uses, and every square or pair of squares
//! for the rest.

#[path = "../gen/geometry.rs"]
#[allow(dead_code)]
mod geometry;

use geometry::{BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS};
use movegen::{Bitboard, Color, Square};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

type Lookup = fn(Square, Bitboard) -> Bitboard;

fn check_slider(name: &str, lookup: Lookup, directions: &[(i8, i8)]) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut checked = 0;
    for sq in Square::all() {
        let mask = geometry::relevant_blockers(sq.index(), directions);
        for blockers in geometry::subsets(mask) {
            let want = geometry::sliding_attacks(sq.index(), blockers, directions);
            // Squares outside the mask (edges, the square itself) must not change the result.
            let noise = rng.next_u64() & !mask;
            for occupied in [blockers, blockers | noise] {
                let got = lookup(sq, Bitboard(occupied));
                assert_eq!(
                    got.0,
                    want,
                    "{name} on {sq} with occupied {occupied:#x} ({})",
                    movegen::BACKEND
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn rook_attacks_every_blocker_subset() {
    assert_eq!(
        check_slider("rook", movegen::rook_attacks, &ROOK_DIRECTIONS),
        102_400
    );
}

#[test]
fn bishop_attacks_every_blocker_subset() {
    assert_eq!(
        check_slider("bishop", movegen::bishop_attacks, &BISHOP_DIRECTIONS),
        5_248
    );
}

#[test]
fn queen_attacks_are_rook_plus_bishop() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for sq in Square::all() {
        for _ in 0..200 {
            let occupied = rng.next_u64() & rng.next_u64();
            let want = geometry::sliding_attacks(sq.index(), occupied, &ROOK_DIRECTIONS)
                | geometry::sliding_attacks(sq.index(), occupied, &BISHOP_DIRECTIONS);
            assert_eq!(
                movegen::queen_attacks(sq, Bitboard(occupied)).0,
                want,
                "{sq} {occupied:#x}"
            );
        }
    }
}

#[test]
fn leaper_and_pawn_attacks() {
    for sq in Square::all() {
        let i = sq.index();
        assert_eq!(
            movegen::knight_attacks(sq).0,
            geometry::leaper_attacks(i, &KNIGHT_JUMPS),
            "knight {sq}"
        );
        assert_eq!(
            movegen::king_attacks(sq).0,
            geometry::leaper_attacks(i, &KING_STEPS),
            "king {sq}"
        );
        assert_eq!(
            movegen::pawn_attacks(Color::White, sq).0,
            geometry::pawn_attacks(true, i),
            "pawn {sq}"
        );
        assert_eq!(
            movegen::pawn_attacks(Color::Black, sq).0,
            geometry::pawn_attacks(false, i),
            "pawn {sq}"
        );
    }
    // Spot checks written by hand, independent of the geometry code.
    assert_eq!(
        movegen::knight_attacks(Square::A1),
        Bitboard::from_iter([Square::B3, Square::C2])
    );
    assert_eq!(
        movegen::pawn_attacks(Color::White, Square::H2),
        Bitboard::from_square(Square::G3)
    );
    assert_eq!(
        movegen::pawn_attacks(Color::Black, Square::A7),
        Bitboard::from_square(Square::B6)
    );
}

#[test]
fn between_and_line_every_pair() {
    for a in Square::all() {
        for b in Square::all() {
            assert_eq!(
                movegen::between(a, b).0,
                geometry::between(a.index(), b.index()),
                "between {a} {b}"
            );
            assert_eq!(
                movegen::line(a, b).0,
                geometry::line(a.index(), b.index()),
                "line {a} {b}"
            );
        }
    }
    assert_eq!(
        movegen::between(Square::A1, Square::D4),
        Bitboard::from_iter([Square::B2, Square::C3])
    );
    assert_eq!(movegen::between(Square::A1, Square::B3), Bitboard::EMPTY);
    assert_eq!(
        movegen::line(Square::A1, Square::A2),
        Bitboard::file(movegen::File::A)
    );
}
