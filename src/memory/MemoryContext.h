#pragma once

#include "core/Clock.h"
#include "memory/FusionCalibration.h"
#include "memory/MemoryConfig.h"
#include "memory/VectorIndex.h"
#include "storage/Database.h"
#include "storage/EmbeddingStore.h"
#include "storage/EpisodeStore.h"
#include "storage/EventLog.h"
#include "storage/FactStore.h"
#include "storage/MessageStore.h"
#include "storage/ToolClientStore.h"
#include "storage/UserStore.h"

namespace engram {

// What every tier shares: the database, one store per table group, the audit log, the clock
// and the configuration. Owned by MemoryService; the tiers hold a reference.
struct MemoryContext
{
    explicit MemoryContext(Database& database, Clock& c = Clock::system(), MemoryConfig cfg = {})
        : db(database)
        , users(database)
        , messages(database)
        , episodes(database)
        , facts(database)
        , events(database)
        , embeddings(database)
        , tools(database)
        , vectors(embeddings)
        , clock(c)
        , config(cfg)
    {}

    // Appends an audit event stamped with the clock.
    Status record(const QString& userId, const QString& itemId, const QString& itemType, const QString& action,
                  Actor actor, Json before = nullptr, Json after = nullptr)
    {
        Event e;
        e.id = newId();
        e.userId = userId;
        e.itemId = itemId;
        e.itemType = itemType;
        e.action = action;
        e.actor = actor;
        e.before = std::move(before);
        e.after = std::move(after);
        e.createdAt = clock.now();
        e.group = actionGroup;
        e.client = client;
        return events.append(e);
    }

    Database& db;
    UserStore users;
    MessageStore messages;
    EpisodeStore episodes;
    FactStore facts;
    EventLog events;
    EmbeddingStore embeddings;
    ToolClientStore tools;
    VectorIndex vectors; // over `embeddings`: declared after it
    Clock& clock;
    MemoryConfig config;
    QString client;      // MemoryService::setWritingClient: the AI tool every change here comes from
    QString actionGroup; // while MemoryService::asOneAction runs: the group of the events it records

    // The fusion weights chosen for a user and embedding model (FusionCalibration::weightsFor).
    struct CalibratedFusion
    {
        FusionWeights weights;
        int vectors{}; // how many vectors of the model the user had then
    };
    QHash<QString, CalibratedFusion> fusion; // key: user id + '\n' + model
};

} // namespace engram
