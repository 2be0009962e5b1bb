#pragma once

#include <QDialog>

#include <memory>

namespace engram {

namespace Ui {
class AddFactDialog;
}

// Asks for a fact the user wants remembered: subject, predicate, value and confidence, each
// checked before OK is enabled.
class AddFactDialog final : public QDialog
{
    Q_OBJECT

public:
    // `pendingBelow`: the confidence under which a fact waits for confirmation (0..1).
    explicit AddFactDialog(double pendingBelow, QWidget* parent = nullptr);
    ~AddFactDialog() override;

    QString subject() const;
    QString predicate() const;
    QString object() const;
    double confidence() const;

private:
    void validate();

    std::unique_ptr<Ui::AddFactDialog> m_ui;
    double m_pendingBelow{};
};

} // namespace engram
