#pragma once

#include "memory/MemoryConfig.h"
#include "storage/MemoryLocation.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

class QWidget;

namespace engram {

class AppSettings;
class MemoryService;
class SecretStore;

// The steps of starting the desktop app that need words or resources of the GUI library, so
// main.cpp stays wiring only and every message is translated.
class AppStartup final
{
    Q_DECLARE_TR_FUNCTIONS(AppStartup)

public:
    struct Options
    {
        MemoryLocation location; // --db, else $ENGRAM_DB, else the server saved in Settings, else the default file
    };

    // Registers the icons of the GUI library (a static library needs this once per process).
    static void initResources();
    // Loads Qt's and Engram's translations for "system", "zh_CN" or "en" and makes that locale
    // the default; returns the locale's name.
    static QString installTranslators(QCoreApplication& app, const QString& language);
    // Handles --help and --version (printing and exiting) and --db; decides where the memory lives
    // (chooseLocation), and when that cannot be used says why and exits.
    static Options parseCommandLine(const QCoreApplication& app, const AppSettings& settings);
    // Where the memory lives: `given` (--db), else $ENGRAM_DB, else the server saved in Settings →
    // Memory Storage, else the default file.
    static Result<MemoryLocation> chooseLocation(const QString& given, const AppSettings& settings);
    // For a server: the password saved in `secrets` becomes PGPASSWORD, for libpq, unless
    // PGPASSWORD is set already or no password is saved (then ~/.pgpass may have one). Waits for the
    // keychain's answer (it may ask the user to unlock it). A file needs nothing.
    static void providePassword(const MemoryLocation& location, SecretStore& secrets);
    // Says, before any window, why the memory file could not be opened and that it was left as it is.
    static void reportDatabaseError(const QString& path, const QString& message);
    // Opens the memory for the app after a quick check of the file. A damaged or unreadable file
    // is never written: it is moved aside (dated name) and the user chooses between the newest
    // good backup and an empty memory. A server that cannot be opened is reported with its own
    // words; the file on this computer never silently takes its place. Null when the app cannot
    // start (the user was told why).
    static std::unique_ptr<MemoryService> openMemory(const MemoryLocation& location, const MemoryConfig& config,
                                                     QWidget* parent = nullptr);

private:
    // Says, before any window, that the memory server could not be opened, with its message.
    static void reportServerError(const MemoryLocation& location, const QString& message, QWidget* parent);
    // After the damaged file at `path` was moved to `aside`: restore a backup or start empty.
    static bool recover(const QString& path, const QString& aside, const QString& problem, QWidget* parent);
};

} // namespace engram
