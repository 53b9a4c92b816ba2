//! Perft against published counts: every row of `perft.csv` (the Chess Programming Wiki
//! tables), the standard perft suite, Marcel van Kervinck's random positions, and
//! python-chess's tricky positions. Each file has a node budget per row so the default run stays
//! quick; `cargo test --release -- --ignored` runs the deep rows. `MOVEGEN_PERFT_BUDGET=N` caps
//! every default budget (CI uses it for the second slider backend).

mod common;

use common::{
    Case, budget, epd_suite, perft_csv, perft_random, run_cases, run_within_budget, tricky,
};
use movegen::{Board, CastlingSide, FenError, PositionError, perft};

/// Default budget for perft.csv rows.
const CSV_BUDGET: u128 = 200_000_000;
/// Budget of the ignored deep run.
const DEEP_BUDGET: u128 = 10_000_000_000;

#[test]
fn perft_csv_rows_within_budget() {
    let cases = perft_csv();
    assert_eq!(cases.len(), 57, "perft.csv has every CPW row");
    let ran = run_within_budget("perft.csv", &cases, budget(CSV_BUDGET));
    assert!(ran > 0);
}

#[test]
#[ignore = "deep rows (up to 10^10 leaves each): cargo test --release -- --ignored"]
fn perft_csv_deep_rows() {
    let cases = perft_csv();
    let start = std::time::Instant::now();
    let (ran, skipped) = run_cases(&cases, Some(CSV_BUDGET), DEEP_BUDGET);
    eprintln!(
        "perft.csv deep rows: {ran} pass in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for name in skipped {
        eprintln!(
            "  skipped {name}: over {DEEP_BUDGET} leaves (the hashed, threaded test takes rows up to 10^12)"
        );
    }
}

/// The rows up to 10^12 leaves (start position depth 8, position 6 depth 7, and the rows of the
/// deep test again) with the hash table and every core, through the library's parallel driver.
#[test]
#[ignore = "rows up to 10^12 leaves, hashed and threaded: cargo test --release -- --ignored"]
fn perft_csv_rows_up_to_a_trillion_with_hash_and_threads() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let table = movegen::Table::new(1024).expect("1 GiB table");
    for case in perft_csv() {
        if case.nodes <= DEEP_BUDGET || case.nodes > 1_000_000_000_000 {
            continue;
        }
        let board = Board::from_fen(&case.fen).unwrap();
        let start = std::time::Instant::now();
        let divide = movegen::divide_parallel(
            &board,
            case.depth,
            threads,
            |b, d| movegen::perft_hashed(b, d, &table),
            std::time::Duration::from_secs(3600),
            |_| {},
        );
        let total: u128 = divide.iter().map(|&(_, n)| u128::from(n)).sum();
        assert_eq!(total, case.nodes, "{}", case.name);
        eprintln!(
            "{}: {} leaves in {:.1} s ({threads} threads, 1 GiB hash)",
            case.name,
            total,
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn perftsuite_within_budget() {
    let cases = epd_suite("tests/data/perftsuite.epd");
    assert_eq!(cases.len(), 755, "126 positions, one with depths 1-5 only");
    run_within_budget("perftsuite.epd", &cases, budget(10_000_000));
}

#[test]
#[ignore = "every row (4.8 * 10^9 leaves in all): cargo test --release -- --ignored"]
fn perftsuite_all_rows() {
    let (ran, skipped) = run_cases(&epd_suite("tests/data/perftsuite.epd"), None, u128::MAX);
    assert_eq!((ran, skipped.len()), (755, 0));
}

#[test]
#[ignore = "rows up to 10^7 leaves (31,349 rows): cargo test --release -- --ignored"]
fn perft_random_deep_rows() {
    let (ran, _) = run_cases(&perft_random(), Some(1_000_000), 10_000_000);
    eprintln!("perft-random.epd: {ran} more rows pass (10^6 < leaves <= 10^7)");
}

#[test]
fn perft_random_within_budget() {
    let cases = perft_random();
    assert_eq!(cases.len(), 6838 * 6);
    let ran = run_within_budget("perft-random.epd", &cases, budget(1_000_000));
    assert!(
        ran >= 27_000 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{ran} rows"
    );
}

/// The Chess960 entries of the tricky file (X-FEN castling with kings or rooks off their
/// standard squares) need Chess960 castling, which this crate does not read yet: each must be
/// refused with a castling error, never miscounted.
const CHESS960_IDS: [&str; 6] = [
    "xfen-00",
    "xfen-01",
    "xfen-02",
    "xfen-03",
    "xfen-04",
    "asymmetrical-and-king-on-h",
];

#[test]
fn tricky_standard_positions() {
    let (chess960, standard): (Vec<Case>, Vec<Case>) = tricky().into_iter().partition(|c| {
        CHESS960_IDS
            .iter()
            .any(|id| c.name.starts_with(&format!("tricky {id} ")))
    });
    assert_eq!(standard.len() + chess960.len(), 67);
    let up_to = budget(10_000_000);
    let ran = run_within_budget("python-chess-tricky.perft", &standard, up_to);
    if up_to == 10_000_000 {
        assert_eq!(
            ran,
            standard.len(),
            "all standard entries fit the default budget"
        );
    }
    for case in chess960 {
        match Board::from_fen(&case.fen) {
            Err(FenError::Position(PositionError::CastlingWithoutPieces { .. })) => {}
            other => panic!("{}: expected a castling error, got {other:?}", case.name),
        }
    }
}

#[test]
fn asymmetrical_and_king_on_h_is_refused_with_castling_error() {
    let fen = "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -";
    assert_eq!(
        Board::from_fen(fen),
        Err(FenError::Position(PositionError::CastlingWithoutPieces {
            color: movegen::Color::Black,
            side: CastlingSide::QueenSide
        }))
    );
}

/// En passant where capturer and captured pawn both leave the king's rank: the capture would
/// expose the king to the rook. Counts published in python-chess and cross-checked with
/// Stockfish.
#[test]
fn en_passant_rank_pin() {
    let board = Board::from_fen("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1").unwrap();
    let after = board.play(board.parse_uci("d2d4").unwrap()).unwrap();
    assert_eq!(
        after.en_passant(),
        Some(movegen::Square::D3),
        "e.p. square kept (pins ignored)"
    );
    assert_eq!(after.legal_moves().len(), 6, "c4d3 is illegal");
    assert!(after.parse_uci("c4d3").is_err());

    let board = Board::from_fen("8/6bb/8/8/R1pP2k1/4P3/P7/K7 b - d3 0 1").unwrap();
    for (depth, nodes) in [(1, 21), (2, 206), (3, 4135), (4, 53486)] {
        assert_eq!(perft(&board, depth), nodes, "depth {depth}");
    }
}
