//! Game rules against python-chess's answers (`tests/data/python-chess-rules.txt`, written by
//! `scripts/python-chess-rules.py`): insufficient material per side, and which legal moves are
//! irreversible, on 1,500 positions (perftsuite, playouts from it, sparse endings).

use crate::common;

use common::data_lines;
use movegen::{Board, Color};

#[test]
fn insufficient_material_and_irreversible_moves_agree_with_python_chess() {
    let lines = data_lines("tests/data/python-chess-rules.txt");
    assert!(lines.len() >= 1500, "{} positions", lines.len());
    let (mut insufficient, mut irreversible) = (0, 0);
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let board = Board::from_fen(fields[0]).unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let flags = [Color::White, Color::Black].map(|color| {
            if board.has_insufficient_material_for(color) {
                '1'
            } else {
                '0'
            }
        });
        assert_eq!(String::from_iter(flags), fields[1], "{board}");
        insufficient += flags.iter().filter(|&&f| f == '1').count();
        let mut ours: Vec<String> = board
            .legal_moves()
            .into_iter()
            .filter(|&mv| board.is_irreversible(mv))
            .map(|mv| board.uci(mv).to_string())
            .collect();
        ours.sort();
        let expected: Vec<&str> = fields
            .get(2)
            .map_or(vec![], |f| f.split_whitespace().collect());
        assert_eq!(ours, expected, "{board}");
        irreversible += ours.len();
    }
    assert!(
        insufficient > 1000 && irreversible > 1000,
        "{insufficient} {irreversible}"
    );
}
