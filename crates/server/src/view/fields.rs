//! The fields that view modules add to the core's views: each module serializes its own typed
//! pieces (`TowerView`, `FairyView`, ...), and the core writes them in the order of the
//! registry without knowing their types.
//!
//! `serde_json::Value` cannot carry them: without serde_json's `preserve_order` its objects sort
//! their keys, which would change the JSON clients receive. A [`Piece`] keeps the value itself
//! (type-erased with `erased_serde`) and serializes it in place, fields in declaration order.

use std::fmt;
use std::sync::Arc;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A value of any serializable type, serialized as that type would be.
#[derive(Clone)]
pub struct Piece(Arc<dyn erased_serde::Serialize + Send + Sync>);

impl Piece {
    pub fn new(value: impl Serialize + Send + Sync + 'static) -> Piece {
        Piece(Arc::new(value))
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0, serializer)
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string(self) {
            Ok(json) => f.write_str(&json),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

#[derive(Clone, Debug)]
enum Field {
    One(Piece),
    /// A list that several modules may add to (a seat's prisoners: The Tower's and those of the
    /// variation "Prisoners"); left out of the JSON while empty.
    Many(Vec<Piece>),
}

/// Named fields in the order they were added, serialized as the entries of a map (flattened
/// into the view that holds them).
#[derive(Clone, Debug, Default)]
pub struct Fields(Vec<(&'static str, Field)>);

impl Fields {
    /// Adds the field `key`.
    pub fn set(&mut self, key: &'static str, value: impl Serialize + Send + Sync + 'static) {
        debug_assert!(self.0.iter().all(|(k, _)| *k != key), "the field {key} is set twice");
        self.0.push((key, Field::One(Piece::new(value))));
    }

    /// Adds `items` to the list `key`, which is created here if no module made it before.
    pub fn extend<T: Serialize + Send + Sync + 'static>(
        &mut self,
        key: &'static str,
        items: impl IntoIterator<Item = T>,
    ) {
        let at = match self.0.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.0.push((key, Field::Many(vec![])));
                self.0.len() - 1
            }
        };
        let Field::Many(list) = &mut self.0[at].1 else { panic!("the field {key} is not a list") };
        list.extend(items.into_iter().map(Piece::new));
    }
}

impl Serialize for Fields {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (key, field) in &self.0 {
            match field {
                Field::One(piece) => map.serialize_entry(key, piece)?,
                Field::Many(list) if list.is_empty() => {}
                Field::Many(list) => map.serialize_entry(key, list)?,
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Tower {
        x: i16,
        height: u8,
        label: &'static str,
    }

    #[test]
    fn fields_keep_their_order_and_their_types_field_order() {
        let mut fields = Fields::default();
        fields.set("zeta", 1);
        fields.extend("prisoners", Vec::<u8>::new());
        fields.set("tower", Tower { x: 2, height: 3, label: "T" });
        fields.extend("list", [1, 2]);
        fields.extend("list", [3]);
        #[derive(Serialize)]
        struct Outer {
            id: u8,
            #[serde(flatten)]
            fields: Fields,
            last: bool,
        }
        let json = serde_json::to_string(&Outer { id: 7, fields: fields.clone(), last: true }).unwrap();
        assert_eq!(json, r#"{"id":7,"zeta":1,"tower":{"x":2,"height":3,"label":"T"},"list":[1,2,3],"last":true}"#);
        // Through serde_json's Value too (as the reference's tests read views).
        let value = serde_json::to_value(Outer { id: 7, fields, last: true }).unwrap();
        assert_eq!(value["tower"]["height"], 3);
        assert!(value.get("prisoners").is_none());
    }
}
