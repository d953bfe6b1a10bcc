//! The variants' defaults, presets and the list the command line and the lobby offer.

use super::*;

#[test]
fn defaults_are_the_hig_big_box_column() {
    let v = Variants::default();
    assert_eq!(v.farmer_scoring, FarmerScoring::ThirdEdition);
    assert!(!v.small_city);
    assert!(v.farmers);
    assert_eq!(v.tile_edition, Edition::First);
    assert_eq!(v.double_turn, DoubleTurn::AfterScoring);
    assert!(!v.builders_and_pigs_are_followers && !v.builder_and_pig_stay_without_follower);
}

#[test]
fn rgg_presets_use_small_cities_and_first_edition_farmers() {
    for rs in [RuleSet::Rgg, RuleSet::RggBigBox] {
        let v = Variants::preset(rs);
        assert!(v.small_city);
        assert_eq!(v.farmer_scoring, FarmerScoring::FirstEdition);
    }
}

#[test]
fn every_field_is_listed_once_with_values_the_records_accept() {
    let fields = serde_json::to_value(Variants::default()).unwrap();
    let fields = fields.as_object().unwrap();
    assert_eq!(fields.len(), Variants::INFO.len(), "every field has its INFO entry");
    for info in Variants::INFO {
        assert!(fields.contains_key(info.name), "{} is a field", info.name);
        let mut v = Variants::default();
        match info.kind {
            VariantKind::Bool => {
                v.set(info.name, "true").unwrap();
                assert_eq!(serde_json::to_value(&v).unwrap()[info.name], true);
            }
            VariantKind::Choice(values) => {
                for (value, _) in values {
                    v.set(info.name, value).unwrap();
                    assert_eq!(serde_json::to_value(&v).unwrap()[info.name], *value);
                }
            }
        }
    }
}

#[test]
fn setting_an_unknown_variant_or_value_says_what_is_known() {
    let mut v = Variants::default();
    let e = v.set("smal-city", "true").unwrap_err();
    assert!(e.contains("unknown variant `smal-city`") && e.contains("small-city"), "{e}");
    let e = v.set("double-turn", "later").unwrap_err();
    assert!(e.contains("after-scoring, immediately"), "{e}");
    let e = v.set("small-city", "maybe").unwrap_err();
    assert!(e.contains("`true` or `false`"), "{e}");
    assert_eq!(v, Variants::default(), "a refused value changes nothing");
}
