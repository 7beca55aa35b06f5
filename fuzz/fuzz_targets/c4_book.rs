//! The Connect Four opening book's reader: `ai::connect_four::book::Book::
//! from_bytes` (`LC4BOOK2`, key distances in LEB128, and the first format
//! `LC4BOOK1`, fixed entries).
//!
//! Invariants: no panic, and no allocation beyond what the bytes can hold
//! (an entry count in the header is not trusted); a book read, written back
//! with `Book::to_bytes`, reads back equal; its entries are in rising key
//! order.
//!
//! Reads: ai/connect_four/book.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::ai::connect_four::book::Book;

fuzz_target!(|bytes: &[u8]| {
    let Ok(book) = Book::from_bytes(bytes) else {
        return;
    };
    let keys: Vec<u64> = book.entries().map(|(key, _)| key).collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(keys.len(), book.len());
    assert_eq!(Book::from_bytes(&book.to_bytes()).as_ref(), Ok(&book));
});
