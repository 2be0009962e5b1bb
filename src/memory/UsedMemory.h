#pragma once

#include "core/MemoryTypes.h"

#include <QList>
#include <QString>

namespace engram {

struct ContextResult;

// One memory that went into a reply's context, as the "Memories used" disclosure lists it. The
// pipeline keeps the list in the stored reply's metadata, so the disclosure survives a restart.
struct UsedMemory
{
    QString id;
    Tier tier{Tier::Semantic};
    QString label; // the item's text when the reply was written, shortened (already redacted)
    int tokens{};

    friend bool operator==(const UsedMemory&, const UsedMemory&) = default;
};

void to_json(Json& j, const UsedMemory& m);
void from_json(const Json& j, UsedMemory& m);

// The key of the list in an assistant message's metadata.
inline constexpr const char* kUsedMemoriesKey = "context";
// A label longer than this is cut: the disclosure shows one line per item.
inline constexpr int kUsedMemoryLabelChars = 120;

// The memories of a built context (profile, summaries, exchanges, window), in prompt order; a
// section's tokens are shared out over its items so the tiers add up to what the model was sent.
QList<UsedMemory> usedMemories(const ContextResult& context);
// Reads the list from an assistant message's metadata; malformed entries are skipped.
QList<UsedMemory> usedMemoriesFromMetadata(const Json& metadata);
void storeUsedMemories(Json& metadata, const QList<UsedMemory>& items);

} // namespace engram
