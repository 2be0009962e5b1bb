#pragma once

#include "SecretStore.h"
#include "ServerProbe.h"
#include "core/Result.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace engram {

class AppSettings;

// Settings → Memory storage: the memory file on this computer, or a PostgreSQL server by its
// address, with the server's password (kept in the SecretStore, never in the settings file) and a
// "Test connection" that opens the server as the next start will. The choice is written by
// writeSettings() and savePassword() when Settings is saved and takes effect at the next start;
// nothing is copied between the two.
class MemoryStoragePage final : public QWidget
{
    Q_OBJECT

public:
    // `inUse`: where this run keeps the memory (a path or a server's address), shown for comparison.
    MemoryStoragePage(AppSettings& settings, SecretStore& secrets, QString inUse, QWidget* parent = nullptr);

    // Whether what the page shows can be saved; the message to show when not.
    Status check() const;
    // Writes the choice into the settings (the caller syncs them).
    void writeSettings();
    // Writes the server's password into the secret store (or removes it when the file is chosen or
    // the field was emptied); `done` runs once the store answered, while `context` lives.
    void savePassword(QObject* context, SecretStore::DoneCallback done);

private:
    void load();
    void updateChoice();
    void updateAddressError();
    void updatePasswordNote();
    void testConnection();
    // What the test found (ServerProbe::test, run on a thread of its own).
    void showVerdict(const Result<ServerSummary>& summary);
    void showTestResult(const QString& text);
    // The address's problem in a sentence, or empty when it is a server's address.
    QString addressProblem() const;
    void retranslate();
    void changeEvent(QEvent* event) override;

    AppSettings& m_settings;
    SecretStore& m_secrets;
    QString m_inUse;
    QString m_savedServer; // as loaded: switching away from it forgets its password
    bool m_passwordEdited{};

    QLabel* m_intro{};
    QRadioButton* m_fileButton{};
    QLabel* m_fileLabel{};
    QLineEdit* m_filePath{};
    QRadioButton* m_serverButton{};
    QWidget* m_serverFields{};
    QFormLayout* m_serverForm{};
    QLabel* m_addressLabel{};
    QLineEdit* m_address{};
    QLabel* m_addressError{};
    QLabel* m_passwordLabel{};
    QLineEdit* m_password{};
    QLabel* m_passwordNote{};
    QPushButton* m_testButton{};
    QLabel* m_testResult{};
    QLabel* m_nextStartNote{};
    QLabel* m_inUseNote{};
};

} // namespace engram
