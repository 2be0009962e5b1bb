#pragma once

#include "core/Result.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace engram {

// Where the API key lives: never QSettings, the database or a log. Calls return at once and
// answer later through a callback, which runs on the GUI thread and only while `context` lives.
class SecretStore : public QObject
{
    Q_OBJECT

public:
    using ReadCallback = std::function<void(const Result<QString>&)>;
    using DoneCallback = std::function<void(const Status&)>;

    explicit SecretStore(QObject* parent = nullptr);
    ~SecretStore() override;

    // An absent secret reads as an empty string, not an error.
    virtual void read(const QString& key, QObject* context, ReadCallback done) = 0;
    virtual void write(const QString& key, const QString& secret, QObject* context, DoneCallback done) = 0;
    virtual void remove(const QString& key, QObject* context, DoneCallback done) = 0;

    // False when no keychain service is available: secrets are then kept in this process only,
    // until the app quits, and never written anywhere.
    virtual bool isPersistent() const = 0;
    // Why secrets are not persistent, in a sentence for the user; empty when they are.
    virtual QString unavailableReason() const = 0;

Q_SIGNALS:
    void persistenceChanged(bool persistent);

protected:
    // Runs `f` from the event loop, and only if `context` still exists then.
    static void deliver(QObject* context, std::function<void()> f);
};

// Secrets in a hash, for tests and as the session-only fallback. Can pretend to be a
// machine without a keychain service.
class MemorySecretStore final : public SecretStore
{
    Q_OBJECT

public:
    explicit MemorySecretStore(QObject* parent = nullptr);

    void read(const QString& key, QObject* context, ReadCallback done) override;
    void write(const QString& key, const QString& secret, QObject* context, DoneCallback done) override;
    void remove(const QString& key, QObject* context, DoneCallback done) override;
    bool isPersistent() const override { return m_persistent; }
    QString unavailableReason() const override;

    void setPersistent(bool persistent);
    // What is stored now, synchronously (tests).
    QString value(const QString& key) const { return m_secrets.value(key); }
    bool contains(const QString& key) const { return m_secrets.contains(key); }

private:
    QHash<QString, QString> m_secrets;
    bool m_persistent{true};
};

} // namespace engram
