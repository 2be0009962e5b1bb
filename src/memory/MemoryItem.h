#pragma once

#include "core/MemoryTypes.h"

#include <optional>

namespace engram {

// Where an item came from, in the words of the panel's Source filter.
enum class ItemOrigin
{
    Said,     // the user's own words: their messages, exchanges, facts they stated
    Inferred, // written by the model: replies, summaries, facts it extracted
    ByHand,   // added or set in the panel or with engram-cli
    Imported, // from a memory file
    Tool,     // written by another AI tool through the MCP server
};

// "said", "inferred", "manual", "imported", "tool": the names engram-cli takes and prints.
QString enumName(ItemOrigin origin);
std::optional<ItemOrigin> itemOriginFromString(const QString& name);

// One remembered item of any tier, flattened for listings, search results, the CLI's --json
// output and the panel's table models.
struct MemoryItem
{
    QString id;
    Tier tier{Tier::Episodic};
    QString kind; // message: user/assistant; episode: exchange/summary; fact: fact
    QString content;
    QString detail; // exchange: gist of the reply; message: what the model sees, when edited
    QString subject;
    QString predicate;
    QString object;
    QString status;
    QString source;
    QString conversationId;
    // The message it came from, in conversationId: a message itself, an exchange's question, the
    // first message a summary condensed, the message a fact was learned from. Empty: none known.
    QString sourceMessageId;
    QString topicKey;
    bool pinned{};
    double confidence{1.0};
    double importance{0.5};
    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime lastAccessAt;
    QDateTime archivedAt; // archive: when forgetting moved it there
    int accessCount{};
    Json metadata = Json::object();
    std::optional<double> score;

    ItemOrigin origin() const;

    static MemoryItem fromMessage(const Message& m);
    static MemoryItem fromEpisode(const Episode& e);
    static MemoryItem fromFact(const Fact& f);

    // The fields of the CLI's --json output and the export, as one JSON object.
    Json toJson() const;
};

} // namespace engram
