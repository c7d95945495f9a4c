//! Reads every row of a big CSV file with lazycsv 0.1.0.
