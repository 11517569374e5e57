//! Enums of plain names (a colour, a level, a variant) read back from the names serde writes.
//!
//! Why not serde's derived `Deserialize`: for such an enum it is a visitor of its own with
//! every way a variant can be named (string, bytes, index, enum access), about 1.2 KB of the
//! page's wasm each before wasm-opt, for the six of them that the page reads. One generic
//! lookup in a table of the names serves all six: the page's wasm 979.0 → 973.5 KB, the first
//! load 300.2 → 299.7 KB brotli (measured). Writing stays serde's derive; a test checks that
//! both use the same names.

/// An enum of plain names: every value and the name serde writes for it.
pub trait Named: Copy + PartialEq + 'static {
    const NAMES: &'static [(Self, &'static str)];
}

/// The value named `name`, if any.
pub fn by_name<T: Named>(name: &str) -> Option<T> {
    T::NAMES.iter().find(|(_, n)| *n == name).map(|&(value, _)| value)
}

/// The name of `value` (as serde writes it).
pub fn name_of<T: Named>(value: T) -> &'static str {
    T::NAMES.iter().find(|(v, _)| *v == value).map_or("", |&(_, n)| n)
}

/// Reads a [`Named`] enum from its name (`impl Deserialize` through [`named_deserialize`]).
pub fn deserialize<'de, D: serde::Deserializer<'de>, T: Named>(deserializer: D) -> Result<T, D::Error> {
    let name: String = serde::Deserialize::deserialize(deserializer)?;
    by_name(&name).ok_or_else(|| serde::de::Error::unknown_variant(&name, &[]))
}

/// `impl Deserialize` for [`Named`] enums, by name.
#[macro_export]
macro_rules! named_deserialize {
    ($($ty:ty),+) => {$(
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::named::deserialize(deserializer)
            }
        }
    )+};
}

#[cfg(test)]
mod tests {
    use super::Named;
    use crate::engine::bots::Level;
    use crate::engine::sudoku::{Mode, Scoring};
    use crate::engine::viermalvier::View;
    use crate::lang::Lang;
    use crate::session::PlayerColor;

    fn names_as_serde_writes<T: Named + serde::Serialize + serde::de::DeserializeOwned + std::fmt::Debug>() {
        for &(value, name) in T::NAMES {
            assert_eq!(serde_json::to_string(&value).unwrap(), format!("\"{name}\""));
            assert_eq!(serde_json::from_str::<T>(&format!("\"{name}\"")).unwrap(), value);
            assert_eq!(super::name_of(value), name);
        }
        let distinct = T::NAMES.iter().all(|(a, n)| T::NAMES.iter().filter(|(b, m)| a == b || n == m).count() == 1);
        assert!(distinct, "{:?}: a value or name twice", T::NAMES);
        assert!(serde_json::from_str::<T>("\"nonsense\"").is_err());
        assert!(serde_json::from_str::<T>("3").is_err());
    }

    #[test]
    fn every_named_enum_reads_the_names_serde_writes() {
        names_as_serde_writes::<PlayerColor>();
        names_as_serde_writes::<Level>();
        names_as_serde_writes::<Lang>();
        names_as_serde_writes::<Scoring>();
        names_as_serde_writes::<Mode>();
        names_as_serde_writes::<View>();
        names_as_serde_writes::<crate::session::TakeBackRule>();
    }
}
