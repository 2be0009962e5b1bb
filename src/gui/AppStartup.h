#pragma once

#include <QCoreApplication>
#include <QString>

namespace engram {

// The steps of starting the desktop app that need words or resources of the GUI library, so
// main.cpp stays wiring only and every message is translated.
class AppStartup final
{
    Q_DECLARE_TR_FUNCTIONS(AppStartup)

public:
    struct Options
    {
        QString databasePath; // --db PATH, else $ENGRAM_DB, else the default file
    };

    // Registers the icons of the GUI library (a static library needs this once per process).
    static void initResources();
    // Loads Qt's and Engram's translations for "system", "zh_CN" or "en" and makes that locale
    // the default; returns the locale's name.
    static QString installTranslators(QCoreApplication& app, const QString& language);
    // Handles --help and --version (printing and exiting) and --db.
    static Options parseCommandLine(const QCoreApplication& app);
    // Says, before any window, why the memory file could not be opened and that it was left as it is.
    static void reportDatabaseError(const QString& path, const QString& message);
};

} // namespace engram
