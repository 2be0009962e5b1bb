#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

// Full-fidelity JSON of stored items: used for audit before/after values, the undo trash and
// the export format. Parsing validates every field and names the first one that is wrong.
namespace engram::itemjson {

// The most characters a text field of an imported item may hold (docs/EXPORT_FORMAT.md): far
// above any message, episode or fact Engram writes itself, low enough that one field cannot
// take the memory of the machine. Strings inside free JSON (metadata, before, after) too.
inline constexpr qint64 kMaxFieldChars = 1'000'000;

// The one form an id is stored in: a UUID in lower case without braces. Braces and upper case
// are accepted and normalised; anything else (extra characters, a NUL, the nil UUID) gives an
// empty string.
QString canonicalId(const QString& text);

Json toJson(const Message& m);
Json toJson(const Episode& e);
Json toJson(const Fact& f);
Json toJson(const Event& e);
Json toJson(const Conversation& c);
Json toJson(const User& u);

// `where` prefixes error messages, e.g. "episodes[12]" → "episodes[12].created_at: not an ISO-8601 time".
Result<Message> messageFromJson(const Json& j, const QString& where);
Result<Episode> episodeFromJson(const Json& j, const QString& where);
Result<Fact> factFromJson(const Json& j, const QString& where);
Result<Event> eventFromJson(const Json& j, const QString& where);
Result<Conversation> conversationFromJson(const Json& j, const QString& where);
Result<User> userFromJson(const Json& j, const QString& where);

} // namespace engram::itemjson
