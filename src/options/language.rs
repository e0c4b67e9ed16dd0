//! What the words of a diagram are written in: the language of the description ([`Lang`], `lang=`) and its form
//! ([`Form`], `form=`). Both are query parameters ([`crate::options::params`]) like the look; what they change is
//! told in `docs/words.md`.
//!
//! ```
//! use ffen_diagram::{Form, Lang};
//! assert_eq!(Lang::from_name("DE"), Some(Lang::De));
//! assert_eq!(Lang::default().name(), "en");
//! assert_eq!(Form::from_name("popeye"), Some(Form::Popeye));
//! assert_eq!(Form::default(), Form::List);
//! ```

/// The language of a description's headings and orthodox letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default): White, Black, K Q R B N P.
    #[default]
    En,
    /// German: Weiß, Schwarz, K D T L S B.
    De,
    /// French: Blancs, Noirs, R D T F C P.
    Fr,
}

impl Lang {
    /// Every language, in the order the documentation lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Fr];

    /// The value of `lang=`: `en`, `de`, `fr`.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language named `name` (any case).
    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

/// The form of the words of `/diagram.txt`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Form {
    /// The piece list problem columns print (the default): `White (4): Kb1 Qc2 …`, the count, the furniture.
    #[default]
    List,
    /// The position as the input of the solving program Popeye: `pieces white … black … neutral …`.
    Popeye,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 2] = [Form::List, Form::Popeye];

    /// The value of `form=`: `list`, `popeye`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::List => "list",
            Form::Popeye => "popeye",
        }
    }

    /// The form named `name` (any case).
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_name(lang.name()), Some(lang));
            assert_eq!(Lang::from_name(&lang.name().to_uppercase()), Some(lang));
        }
        for form in Form::ALL {
            assert_eq!(Form::from_name(form.name()), Some(form));
        }
        assert_eq!(Lang::from_name("english"), None);
        assert_eq!(Form::from_name(""), None);
    }
}
