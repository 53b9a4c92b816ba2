//! The fuzz targets' properties (tests/common/properties.rs), driven by seeded random input on
//! every `cargo test`, so a regression shows up without a fuzzer: random and mutated FEN text,
//! random and mutated move text, and random games checked after every move. The
//! coverage-guided versions live in fuzz/ (see the README).

use crate::common;

use common::properties::{
    START_POSITIONS as SEEDS, check_fen_text, check_move_text, check_position,
};
use movegen::Board;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK0123456789/ -wKQkqABCDEFGHabcdefgh";
const MOVE_ALPHABET: &[u8] = b"abcdefgh012345678NBRQKPxO-=+#!?qrnbk ";

fn pick(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// One random edit: replace, insert or delete a byte from `alphabet`, or cut the text.
fn mutate(rng: &mut Xoshiro256PlusPlus, text: &str, alphabet: &[u8]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + pick(rng, 3) {
        let at = pick(rng, bytes.len() + 1);
        let c = alphabet[pick(rng, alphabet.len())];
        match pick(rng, 4) {
            0 if at < bytes.len() => bytes[at] = c,
            1 => bytes.insert(at, c),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_text(rng: &mut Xoshiro256PlusPlus, alphabet: &[u8], max: usize) -> String {
    let len = pick(rng, max + 1);
    let bytes: Vec<u8> = (0..len)
        .map(|_| alphabet[pick(rng, alphabet.len())])
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn fen_text_never_panics_and_accepted_positions_hold() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xfe11);
    let mut accepted = 0;
    for i in 0..40_000 {
        let text = if i % 4 == 0 {
            random_text(&mut rng, FEN_ALPHABET, 80)
        } else {
            let seed = SEEDS[pick(&mut rng, SEEDS.len())];
            mutate(&mut rng, seed, FEN_ALPHABET)
        };
        if Board::from_fen(&text).is_ok() {
            accepted += 1;
        }
        check_fen_text(&text);
    }
    // Raw bytes, invalid UTF-8 replaced.
    for _ in 0..10_000 {
        let bytes: Vec<u8> = (0..pick(&mut rng, 100))
            .map(|_| rng.next_u64() as u8)
            .collect();
        check_fen_text(&String::from_utf8_lossy(&bytes));
    }
    assert!(
        accepted > 1_000,
        "mutations should often stay valid: {accepted}"
    );
}

#[test]
fn move_text_never_panics_and_accepted_moves_are_legal() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5a11);
    let boards: Vec<Board> = SEEDS.iter().map(|f| Board::from_fen(f).unwrap()).collect();
    for _ in 0..100_000 {
        let board = &boards[pick(&mut rng, boards.len())];
        let moves = board.legal_moves();
        let text = match pick(&mut rng, 3) {
            0 => random_text(&mut rng, MOVE_ALPHABET, 8),
            1 => {
                let mv = moves[pick(&mut rng, moves.len())];
                mutate(&mut rng, board.san(mv).as_str(), MOVE_ALPHABET)
            }
            _ => {
                let mv = moves[pick(&mut rng, moves.len())];
                mutate(&mut rng, mv.uci().as_str(), MOVE_ALPHABET)
            }
        };
        check_move_text(board, &text);
    }
}

#[test]
fn random_games_hold_every_property_after_every_move() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x9a3e);
    let mut positions = 0;
    for game in 0..160 {
        let mut board = Board::from_fen(SEEDS[game % SEEDS.len()]).unwrap();
        for _ in 0..120 {
            check_position(&board);
            positions += 1;
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board = board.play_unchecked(moves[pick(&mut rng, moves.len())]);
        }
    }
    assert!(positions > 10_000, "{positions}");
}
