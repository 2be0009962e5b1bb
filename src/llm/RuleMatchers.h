#pragma once

#include "llm/FactOperations.h"
#include "llm/RuleText.h"

// The rule extractor's statement forms, one clause at a time, for Chinese and for English.
// Internal to src/llm: RuleExtractor is the API.
namespace engram::rules {

// An explicit statement in one of the recognised forms.
inline constexpr double kExplicitConfidence = 0.9;
// A form that leaves some room for doubt ("我现在做短视频": project or job?).
inline constexpr double kLooseConfidence = 0.8;
// The user asked outright to remember it.
inline constexpr double kRememberedConfidence = 0.95;

enum class Kind
{
    Fact,
    Update
};

// Appends what a first-person clause states about the user. True when some form matched.
bool matchChinese(const QString& clause, FactOperations& out);
bool matchEnglish(const QString& clause, FactOperations& out);

// The first group of `form` in the clause, trimmed; empty when it does not match.
QString capture(const QRegularExpression& form, const QString& clause);

// A statement whose object is everything after the form ("我的目标是…", "my goal is…"): stored
// when it is short and does not point at a person or the chat.
bool matchPlainObject(const QRegularExpression& form, const QString& clause, QLatin1String predicate,
                      FactOperations& out);

void addFact(FactOperations& out, QLatin1String predicate, const QString& object,
             double confidence = kExplicitConfidence, Kind kind = Kind::Fact);

// A city, province or country rather than an employer ("北京", "Shanghai", "深圳市").
bool looksLikePlace(const QString& text);

} // namespace engram::rules
