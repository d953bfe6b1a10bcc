//! The integration tests of the whole project, in one test binary (see ARCHITECTURE.md).

mod abbey_mayor;
mod architecture;
mod bots;
mod catalog;
mod cli;
mod count;
mod expansions;
mod faq;
mod fidelity;
mod fuzz;
mod hands;
mod house_rules;
mod only_one;
mod perft;
mod play;
mod princess_dragon;
mod properties;
mod reference;
mod render;
mod scenarios;
mod server;
mod support;
mod tower;
mod variations;
