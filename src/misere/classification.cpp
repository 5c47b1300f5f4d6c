#include "grundy/misere/classification.hpp"

#include <algorithm>
#include <utility>

#include <nlohmann/json.hpp>

#include "grundy/misere/notation.hpp"

namespace grundy::misere {
namespace {

enum class GenusKind { tame, restive, restless, wild };

GenusKind kind_of(Nimber g, Nimber g0) {
  if (g == g0 || (g <= 1 && g0 <= 1)) return GenusKind::tame;
  if (g <= 1) return GenusKind::restive;
  if (g0 <= 1) return GenusKind::restless;
  return GenusKind::wild;
}

bool restive_or_tame(Phylum p) { return generally_tame(p) || generally_restive(p); }

}  // namespace

const char* to_string(Phylum phylum) noexcept {
  switch (phylum) {
    case Phylum::nim_heap: return "nim heap";
    case Phylum::hereditarily_tame: return "tame";
    case Phylum::reversibly_tame: return "reversibly tame";
    case Phylum::tameable: return "tameable";
    case Phylum::hereditarily_restive: return "restive";
    case Phylum::reversibly_restive: return "reversibly restive";
    case Phylum::restless: return "restless";
    case Phylum::wild: return "wild";
  }
  return "wild";
}

Phylum Classification::of(GameId g) {
  // Followers first, without recursion: the phylum of G looks at its options
  // and at their options.
  std::vector<std::pair<GameId, bool>> stack{{g, false}};
  while (!stack.empty()) {
    auto [x, expanded] = stack.back();
    stack.pop_back();
    if (cache_.size() < forms_.size()) cache_.resize(forms_.size(), -1);
    if (cache_[x] >= 0) continue;
    if (!expanded) {
      stack.emplace_back(x, true);
      for (GameId o : forms_.options(x)) {
        if (cache_[o] < 0) stack.emplace_back(o, false);
      }
      continue;
    }
    const Phylum p = compute(x);
    if (cache_.size() < forms_.size()) cache_.resize(forms_.size(), -1);
    cache_[x] = static_cast<std::int8_t>(p);
  }
  return static_cast<Phylum>(cache_[g]);
}

Phylum Classification::compute(GameId g) {
  if (forms_.is_nim_heap(g)) return Phylum::nim_heap;
  const std::vector<GameId> options = forms_.options(g);
  const Nimber gp = forms_.normal_value(g);
  const Nimber gm = forms_.misere_value(g);
  const GenusKind kind = kind_of(gp, gm);
  auto phylum_of = [this](GameId x) { return static_cast<Phylum>(cache_[x]); };

  // Every option generally tame: the game is tame, restive or restless as its
  // genus says, hereditarily when no option is merely reversibly tame.
  bool all_generally_tame = true;
  bool some_reversibly_tame = false;
  for (GameId o : options) {
    const Phylum p = phylum_of(o);
    all_generally_tame = all_generally_tame && generally_tame(p);
    some_reversibly_tame = some_reversibly_tame || p == Phylum::reversibly_tame;
  }
  if (all_generally_tame) {
    switch (kind) {
      case GenusKind::tame: return some_reversibly_tame ? Phylum::reversibly_tame : Phylum::hereditarily_tame;
      case GenusKind::restive:
        return some_reversibly_tame ? Phylum::reversibly_restive : Phylum::hereditarily_restive;
      case GenusKind::restless: return Phylum::restless;
      case GenusKind::wild: return Phylum::wild;
    }
  }
  if (kind != GenusKind::tame && kind != GenusKind::restive) return Phylum::wild;

  // Some option is not generally tame: each such option must reverse — have
  // options of the game's own g and of its own g0 of the right kind.
  bool may_be_reversible = true;  // reversibly tame / reversibly restive
  bool may_be_tameable = kind == GenusKind::tame;
  std::vector<Nimber> tame_normal;
  std::vector<Nimber> tame_misere;
  std::vector<Nimber> tameable_normal;
  std::vector<Nimber> tameable_misere;
  for (GameId o : options) {
    const Phylum p = phylum_of(o);
    if (generally_tame(p)) {
      tame_normal.push_back(forms_.normal_value(o));
      tame_misere.push_back(forms_.misere_value(o));
      continue;
    }
    bool found_misere = false;
    bool found_normal = false;
    bool tameable_misere_found = false;
    bool tameable_normal_found = false;
    if (may_be_tameable && p == Phylum::tameable) {
      tameable_normal.push_back(forms_.normal_value(o));
      tameable_misere.push_back(forms_.misere_value(o));
      tameable_misere_found = tameable_normal_found = true;
    }
    for (GameId second : forms_.options(o)) {
      const Phylum q = phylum_of(second);
      const Nimber sp = forms_.normal_value(second);
      const Nimber sm = forms_.misere_value(second);
      if (kind == GenusKind::tame && generally_tame(q)) {
        found_misere = found_misere || sm == gm;
        found_normal = found_normal || sp == gp;
      } else if (kind == GenusKind::restive && restive_or_tame(q)) {
        // Restive reversal: to a game of the same g0 whose g is 0 or 1 or
        // differs from g0 only in its last bit, and the same for g.
        found_misere = found_misere || (sm == gm && (sp <= 1 || (sp ^ gm) <= 1));
        found_normal = found_normal || (sp == gp && (sm <= 1 || (sm ^ gm) <= 1));
      } else if (may_be_tameable && q == Phylum::tameable) {
        tameable_misere_found = tameable_misere_found || sm == gm;
        tameable_normal_found = tameable_normal_found || sp == gp;
      }
    }
    if (!(found_misere && found_normal)) {
      may_be_reversible = false;
      if (!(tameable_misere_found && tameable_normal_found)) may_be_tameable = false;
      if (!may_be_tameable) return Phylum::wild;
    }
  }
  // The options that stay must give the game its own values by the mex rule.
  if (mex(tame_normal) != gp || mex(tame_misere) != gm) may_be_reversible = false;
  if (may_be_reversible) return kind == GenusKind::tame ? Phylum::reversibly_tame : Phylum::reversibly_restive;
  if (may_be_tameable) {
    tame_normal.insert(tame_normal.end(), tameable_normal.begin(), tameable_normal.end());
    tame_misere.insert(tame_misere.end(), tameable_misere.begin(), tameable_misere.end());
    if ((mex(tame_normal) != gp || mex(tame_misere) != gm) && (!tame_normal.empty() || gp > 0)) {
      return Phylum::wild;
    }
    return Phylum::tameable;
  }
  return Phylum::wild;
}

bool Classification::half_tame(GameId g) {
  if (generally_tame(of(g))) return false;
  const GameId twice = forms_.sum(g, g);
  return generally_tame(of(twice)) && forms_.normal_value(twice) == 0 && forms_.misere_value(twice) == 0;
}

MisereFacts misere_facts(CanonicalForms& forms, Genera& genera, Classification& classification, GameId g) {
  MisereFacts facts;
  facts.form = notation(forms, g);
  facts.birthday = forms.birthday(g);
  facts.phylum = classification.of(g);
  facts.genus = genera.of(g);
  facts.genus_text = genus_notation(facts.genus, facts.phylum);
  facts.normal_value = forms.normal_value(g);
  facts.misere_value = forms.misere_value(g);
  facts.p_position = forms.is_p_position(g);
  facts.tame = facts.phylum == Phylum::nim_heap || facts.phylum == Phylum::hereditarily_tame;
  facts.generally_tame = generally_tame(facts.phylum);
  facts.tameable = tameable(facts.phylum);
  facts.restive = facts.phylum == Phylum::hereditarily_restive;
  facts.generally_restive = generally_restive(facts.phylum);
  facts.restless = facts.phylum == Phylum::restless;
  facts.half_tame = classification.half_tame(g);
  facts.nim_heap = forms.is_nim_heap(g);
  facts.even = forms.is_even(g);
  facts.introverted = g == CanonicalForms::kZero || g == forms.nim_heap(1);
  facts.mate = notation(forms, forms.mate(g));
  const std::vector<GameId> ordered = forms.ordered_options(g);
  for (GameId o : ordered) facts.options.push_back(notation(forms, o));
  return facts;
}

nlohmann::json facts_json(const MisereFacts& f) {
  return nlohmann::json{{"form", f.form},
                        {"birthday", f.birthday},
                        {"genus", f.genus_text},
                        {"genus_sequence", {{"g", f.genus.normal}, {"g_n", f.genus.misere}}},
                        {"misere_value", f.misere_value},
                        {"normal_value", f.normal_value},
                        {"outcome", f.p_position ? "P" : "N"},
                        {"winner", f.p_position ? "second" : "first"},
                        {"phylum", to_string(f.phylum)},
                        {"tame", f.tame},
                        {"generally_tame", f.generally_tame},
                        {"tameable", f.tameable},
                        {"restive", f.restive},
                        {"generally_restive", f.generally_restive},
                        {"restless", f.restless},
                        {"half_tame", f.half_tame},
                        {"nim_heap", f.nim_heap},
                        {"even", f.even},
                        {"introverted", f.introverted},
                        {"mate", f.mate},
                        {"options", f.options}};
}

std::string genus_notation(const Genus& genus, Phylum phylum) {
  std::string text = std::to_string(genus.normal);
  if (phylum == Phylum::nim_heap) return text;
  std::vector<Nimber> shown = genus.misere;
  if (generally_tame(phylum) || generally_restive(phylum)) shown.resize(1);
  bool big = false;
  for (Nimber v : shown) big = big || v >= 10;
  text += "^";
  if (big) text += "(";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (big && i > 0) text += ",";
    text += std::to_string(shown[i]);
  }
  if (big) text += ")";
  return text;
}

}  // namespace grundy::misere
