#pragma once

#include "TestLocation.h"
#include "core/Clock.h"
#include "memory/MemoryService.h"

#include <QTemporaryDir>

#include <memory>

namespace engram::test {

// A MemoryService over a fresh database file with a manual clock, reopenable like an app restart.
class MemoryFixture final
{
public:
    explicit MemoryFixture(MemoryConfig config = {});

    MemoryService& service() { return *m_service; }
    MemoryService* operator->() { return m_service.get(); }
    ManualClock& clock() { return m_clock; }
    // The file's path, or the server URL when the suite runs on PostgreSQL.
    QString path() const { return m_location.text(); }
    const MemoryLocation& location() const { return m_location.location(); }
    TestLocation& where() { return m_location; }

    void reopen();
    void close() { m_service.reset(); }

    // Creates the user (if needed) and a conversation; returns the conversation id.
    QString newConversation(const QString& userId, const QString& title = QStringLiteral("test"));
    // Stores one user message and one assistant reply in the conversation's window.
    void addRound(const QString& userId, const QString& conversationId, const QString& question, const QString& reply);

private:
    QTemporaryDir m_dir;
    TestLocation m_location;
    ManualClock m_clock;
    MemoryConfig m_config;
    std::unique_ptr<MemoryService> m_service;
};

// A fact as the model's extraction would propose it (source llm_extract), subject "user".
FactInput automaticFact(const QString& predicate, const QString& object, double confidence = 0.9);

} // namespace engram::test
