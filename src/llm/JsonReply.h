#pragma once

#include "core/MemoryTypes.h"

#include <QString>

#include <optional>

namespace engram {

// Finds the JSON a model put in its reply, which is rarely only JSON: a ```json fence, a sentence
// before or after, or both. Used by the parsers of extraction and summary replies.
class JsonReply final
{
public:
    // The first JSON object in the reply: a fenced block, then the whole reply, then each balanced
    // {…} in reading order. With `acceptArray`, a reply (or fenced block) that is exactly one
    // array is taken too.
    // Nothing when the reply holds no complete JSON value of that kind (truncated, prose, garbage).
    static std::optional<Json> find(const QString& reply, bool acceptArray = false);

    // Replies longer than this are not looked at: no extraction or summary reply is that long.
    static constexpr qsizetype kMaxReplyChars = 256 * 1024;
};

} // namespace engram
