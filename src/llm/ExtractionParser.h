#pragma once

#include "core/Result.h"
#include "llm/FactOperations.h"

#include <QString>
#include <QStringList>

namespace engram {

// What a readable extraction reply asks for, with an account of what had to be left out.
struct ParsedOperations
{
    FactOperations operations;
    int dropped{};        // entries (or whole lists) that were invalid and left out
    QStringList problems; // one line per dropped entry, e.g. "facts[2]: confidence 1.5 is outside 0..1"
};

// Reads the model's extraction reply — {"facts":[…],"updates":[…],"deletes":[…]} — into
// FactOperations, validating every field. Lenient about the wrapping (code fences, prose around the
// JSON, missing keys, a bare array of facts), strict about the content:
// - subject, predicate, object: non-empty strings of at most kMaxFieldLength characters after
//   trimming; subject and predicate are canonicalised ("我" -> "user", "职业" -> "job").
// - confidence: a number in [0, 1]. A number outside that range is DROPPED, not clamped: 1.5 or
//   95 means the model did not follow the contract, so we cannot tell what it meant, and a fact we
//   are unsure of is better missed than stored. A missing confidence means kDefaultConfidence.
// - unknown fields are ignored; a delete needs only subject and predicate.
// A reply with no readable JSON, or JSON with none of the three keys, is an error and yields
// nothing, so a broken reply never changes memory.
class ExtractionParser final
{
public:
    static Result<ParsedOperations> parse(const QString& reply);

    static constexpr int kMaxFieldLength = 200;
    // Above the 0.6 pending threshold: the model stated it without saying how sure it was.
    static constexpr double kDefaultConfidence = 0.7;
};

} // namespace engram
