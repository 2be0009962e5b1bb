#pragma once

#include "core/MemoryTypes.h"

#include <optional>

namespace engram {

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

    static MemoryItem fromMessage(const Message& m);
    static MemoryItem fromEpisode(const Episode& e);
    static MemoryItem fromFact(const Fact& f);

    // The fields of the CLI's --json output and the export, as one JSON object.
    Json toJson() const;
};

} // namespace engram
