#pragma once

#include "SecretStore.h"

namespace engram {

// Secrets in the desktop's keychain (Secret Service, KWallet, macOS Keychain, Windows Credential
// Store) through QtKeychain. When no keychain service answers, secrets are kept in this process
// for the session only — QtKeychain's plain-file fallback is never used.
class KeychainSecretStore final : public SecretStore
{
    Q_OBJECT

public:
    explicit KeychainSecretStore(const QString& service, QObject* parent = nullptr);

    void read(const QString& key, QObject* context, ReadCallback done) override;
    void write(const QString& key, const QString& secret, QObject* context, DoneCallback done) override;
    void remove(const QString& key, QObject* context, DoneCallback done) override;
    bool isPersistent() const override { return m_reason.isEmpty(); }
    QString unavailableReason() const override { return m_reason; }

private:
    void fallBackToSession(const QString& why);

    QString m_service;
    QHash<QString, QString> m_session; // only while the keychain is unavailable
    QString m_reason;
};

} // namespace engram
